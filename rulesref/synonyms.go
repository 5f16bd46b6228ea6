package rulesref

import (
	"sort"
	"strings"
	"sync"
)

// synonyms maps table talk to the rulebooks' own words: tableTalk and
// each shelved game's Words (stock). A key is matched as whole words in
// the query; its expansion is searched alongside (not instead of) the
// player's words.
var synonyms map[string]string

// tableTalk is the table talk every naval game here shares (battles,
// weather, money, ships). Keep keys lowercase.
var tableTalk = map[string]string{
	// battles
	"sword fight":  "boarding battle duel",
	"sword fights": "boarding battle duel",
	"swordfight":   "boarding battle duel",
	"sword":        "boarding duel",
	"swords":       "boarding duel",
	"melee":        "boarding battle",
	"board":        "boarding",
	"boarding":     "boarding battle",
	"hand to hand": "boarding battle",
	"close combat": "boarding battle",
	"grapple":      "boarding battle",
	"shoot":        "broadside battle cannons fire attack",
	"shooting":     "broadside battle cannons fire attack",
	"shot":         "broadside battle cannons fire",
	"shots":        "broadside battle cannons fire",
	"cannon fire":  "broadside battle",
	"cannonfire":   "broadside battle",
	"volley":       "broadside battle cannons",
	"broadside":    "broadside battle",
	"gunfire":      "broadside battle cannons",
	"fire":         "broadside battle cannons attack",
	"fight":        "battle attack combat",
	"fights":       "battle attack combat",
	"fighting":     "battle attack combat",
	"combat":       "battle attack warfare",
	"battle":       "combat warfare",
	"attack":       "battle combat",
	"hit":          "damage attack",
	"hits":         "damage attack",
	"dmg":          "damage",
	"hp":           "hearts health damage",
	"health":       "hearts health damage cannons",
	"life":         "hearts",
	"lives":        "hearts",
	"killed":       "defeated sunk",
	"kill":         "defeat sink",
	"destroyed":    "defeated sunk",
	"destroy":      "defeat sink",
	"die":          "dice die roll",
	"dies":         "sink defeated",
	"dead":         "defeated sunk",
	"lose":         "defeated loser",
	"lost":         "defeated",
	"win":          "winner victory wins won",
	"wins":         "winner victory",
	"winning":      "winner victory",
	"won":          "winner victory",
	"tie":          "tie tied",
	"tiebreak":     "tie tied",
	"tiebreaker":   "tie tied",
	"knocked out":  "eliminated",
	"kicked out":   "eliminated",
	"knockout":     "eliminated",
	"restock":      "fill",
	"refill":       "fill",
	"resupply":     "fill maintenance",
	"reroll":       "reroll",
	"re-roll":      "reroll",
	"crew":         "sailors deck crew",
	"guns":         "cannons",
	"gun":          "cannon",
	"cannonballs":  "cannons broadside",
	"ammo":         "ammo ammunition",
	"bullets":      "ammo",
	"ricochet":     "ricochet",
	"bounce":       "ricochet",
	"counter":      "counterattack",
	"retaliate":    "counterattack",
	"shoot back":   "counterattack",
	"fire back":    "counterattack",
	// weather
	"storm":      "wind force weather",
	"storms":     "wind force weather",
	"stormy":     "wind force weather stormy",
	"gale":       "wind force",
	"wind level": "wind force strength",
	"wind":       "wind force",
	"weather":    "weather wind force",
	"fog":        "fog",
	"calm":       "calm",
	// automa
	"bot":         "captain ironside marauder automa",
	"ai":          "captain ironside marauder automa",
	"automa":      "captain ironside automa marauder",
	"solo":        "solo automa",
	"coop":        "cooperative marauder",
	"co-op":       "cooperative marauder",
	"co op":       "cooperative marauder",
	"enemy ships": "marauder",
	"npc":         "npc",
	"npcs":        "npc",
	// money
	"money":    "silver coins gold pieces coins",
	"cash":     "silver coins gold pieces coins",
	"gold":     "gold coins pieces",
	"silver":   "silver coins",
	"coin":     "coins",
	"pay":      "cost pay spend",
	"price":    "cost",
	"prices":   "cost",
	"costs":    "cost",
	"cost":     "cost",
	"buy":      "buy purchase",
	"purchase": "buy purchase",
	"sell":     "sell",
	"food":     "provisions",
	"supplies": "provisions supply",
	"points":   "renown story points prosperity",
	"score":    "scoring renown prosperity votes",
	"scoring":  "scoring renown prosperity votes",
	"vp":       "renown prosperity",
	// things and places
	"boat":            "ship",
	"boats":           "ships",
	"vessel":          "ship",
	"vessels":         "ships",
	"hex":             "space",
	"hexes":           "spaces",
	"tile":            "space tile",
	"square":          "space",
	"squares":         "spaces",
	"move":            "movement move",
	"moving":          "movement move",
	"sail":            "movement sail",
	"sailing":         "movement sail",
	"speed":           "speed maximum range",
	"range":           "maximum range",
	"how far":         "maximum range speed movement",
	"monster":         "sea monster",
	"monsters":        "sea monsters",
	"kraken":          "kraken sea monster",
	"pirate":          "pirate",
	"harbor":          "port",
	"harbour":         "port",
	"dock":            "docks",
	"docked":          "docks port",
	"tied up":         "port moored",
	"moored":          "port",
	"pub":             "tavern",
	"bar":             "tavern",
	"inn":             "tavern",
	"home":            "home base port",
	"island":          "island",
	"fortress":        "fort",
	"castle":          "fort",
	"hand size":       "hand limit",
	"max cards":       "hand limit",
	"turn order":      "priority token",
	"first player":    "priority token starting player",
	"end of the game": "end game",
	"game end":        "end game",
	"game over":       "end game",
	"setup":           "setup set up",
	"set up":          "setup",
	"upkeep":          "upkeep",
	"xp":              "experience tokens",
	"experience":      "experience tokens",
	"cards in hand":   "hand",
	"errata":          "errata",
	"faq":             "faq",
	"max":             "maximum",
	"min":             "minimum",
	"roll":            "dice result",
	"rolling":         "dice result",
	"sunk":            "sink defeated lost",
	"sank":            "sink defeated lost",
	"sinks":           "sink defeated lost",
	"give":            "transfer",
	"trade":           "transfer trade",
	"swap":            "transfer swap",
	"how many":        "number maximum limit",
	"own":             "fleet",
	// more table talk
	"who goes first":   "priority token first player starting player",
	"goes first":       "priority token first player starting player",
	"go first":         "priority token first player starting player",
	"who starts":       "priority token first player starting player",
	"starting player":  "starting player priority token first",
	"start player":     "starting player priority token first",
	"victory":          "win winner victory",
	"heal":             "repair restore damage",
	"healing":          "repair restore damage",
	"fix":              "repair restore",
	"patch":            "repair restore",
	"mend":             "repair mend",
	"cheap":            "cost",
	"expensive":        "cost",
	"coins":            "coins silver gold pieces",
	"d6":               "dice die regular",
	"dice":             "dice die roll",
	"sinking":          "sink sunk defeated lost",
	"hurricane":        "wind force storm",
	"rough seas":       "wind force stormy",
	"wind strength":    "wind force strength",
	"wind speed":       "wind force strength",
	"robot":            "captain ironside marauder automa",
	"dummy player":     "captain ironside marauder automa",
	"enemy ship":       "marauder npc pirate",
	"how many cards":   "hand limit",
	"steal":            "seize take",
	"plunder":          "seize loot rewards",
	"loot":             "loot seize rewards",
	"reward":           "reward rewards receives gain",
	"bounty":           "reward rewards",
	"shallow":          "shoal shallow",
	"conquer":          "capture control conquering",
	"take over":        "control capture",
	"teammate":         "team teammate",
	"partner":          "team teammate",
	"ally":             "team teammate alliance",
	"opponent":         "opponent foreign",
	"enemy":            "opponent rival enemy",
	"elses":            "foreign opponent another",
	"shop":             "trading post trade port",
	"store":            "trading post trade port",
	"market":           "trading post trade port",
	"limit":            "maximum limit",
	"reinforcements":   "redistribute reinforcements reinforce",
	"action points":    "actions",
	"ap":               "actions action points",
	"mp":               "movement points mp",
	"movement points":  "mp movement",
	"fame":             "renown",
	"reputation":       "renown prosperity",
	"thru":             "through pass passthrough",
	"starting":         "setup starting start",
	"start with":       "setup receives starting",
	"at the start":     "setup starting",
	"at the beginning": "setup starting",
	"beginning":        "setup starting start",
	"cannonball":       "cannons broadside",
	"attack back":      "counterattack",
	"hit back":         "counterattack",
	"recruit":          "recruit recruiting",
	"hire":             "recruit hire",
	"officers":         "officer captain gunner fencing master",
	"treasure":         "treasure",
	"votes":            "votes voting viceroy",
	"vote":             "votes voting viceroy",
	"monolith":         "ancient monolith",
	"monoliths":        "ancient monoliths",
	"tp":               "teleporter",
	"portal":           "teleporter",
	"hold":             "hold cargo",
	"cargo":            "cargo hold slots",
	"capacity":         "capacity maximum",
	"free":             "free",
	"skip":             "skip",
	"pass through":     "passthrough pass through",
	"go through":       "passthrough pass through enter",
	"sail through":     "passthrough pass through enter",
	"next to":          "adjacent",
	"nearby":           "adjacent",
	"neighbouring":     "adjacent",
	"neighboring":      "adjacent",
	"diagonal":         "diagonally orthogonally adjacent",
	"diagonally":       "diagonally orthogonally adjacent",
	"place":            "place",
	// numbers as players say them
	"one":    "1",
	"two":    "2",
	"three":  "3",
	"four":   "4",
	"five":   "5",
	"six":    "6",
	"sixes":  "6",
	"seven":  "7",
	"eight":  "8",
	"nine":   "9",
	"ten":    "10",
	"eleven": "11",
	"twelve": "12",
	// how players say speed, room, deals and losses
	"slow":     "speed maximum range",
	"slower":   "speed maximum range",
	"slowest":  "speed maximum range lowest",
	"fast":     "speed maximum range",
	"faster":   "speed maximum range",
	"fastest":  "speed maximum range",
	"quick":    "speed",
	"how long": "round rounds",
	"fit":      "capacity",
	"room":     "capacity space",
	"deal":     "negotiation negotiate",
	"deals":    "negotiation negotiate",
	"bargain":  "negotiation negotiate",
	"penalty":  "lose minus",
	"punished": "lose",
	"beat":     "defeat defeated win",
	"beats":    "defeat defeated win",
	"beaten":   "defeat defeated",
	"begin":    "setup start",
	"begins":   "setup start",
}

// stemmedSynonyms is synonyms keyed by the stems of its keys, so that
// "killing" finds the entry for "kill". Each stem key keeps its surface
// keys: a query word only matches a key it inflects (no shorter than the
// key), so "board" (the game board) does not match "boarding".
type synEntry struct {
	key string // its words are split when a query's stems meet it
	exp string
}

var (
	stemSynOnce     sync.Once
	stemmedSynonyms map[string][]synEntry
)

// preSynKeys, preSynStems: the table talk's keys, sorted, and their
// stems, as the prebuilt index holds them (codec.go; set when it is
// decoded, which a library with added manuals does again), under preSynMu.
var (
	preSynMu                sync.Mutex
	preSynKeys, preSynStems []string
)

func setPreSyn(keys, stems []string) {
	preSynMu.Lock()
	defer preSynMu.Unlock()
	preSynKeys, preSynStems = keys, stems
}

// samePreKeys says whether preKeys (sorted, each with its stem in
// preStems) are exactly the synonym table's keys.
func samePreKeys(preKeys, preStems []string) bool {
	if len(preKeys) != len(synonyms) || len(preStems) != len(preKeys) {
		return false
	}
	for i, k := range preKeys {
		if _, ok := synonyms[k]; !ok || i > 0 && preKeys[i-1] >= k {
			return false
		}
	}
	return true
}

// stemSynonymKeys returns the synonym table's keys, sorted, and their
// stems (words stemmed one by one), taken from preKeys/preStems where
// the key is the same.
func stemSynonymKeys(preKeys, preStems []string) (keys, stems []string) {
	if samePreKeys(preKeys, preStems) {
		// the table the index was built with (every start but a
		// changed table's): its keys are sorted and stemmed already
		return preKeys, preStems
	}
	keys = make([]string, 0, len(synonyms))
	for k := range synonyms {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var st *stemmer
	stems = make([]string, len(keys))
	j := 0
	for i, k := range keys {
		for j < len(preKeys) && preKeys[j] < k {
			j++
		}
		if j < len(preKeys) && preKeys[j] == k && j < len(preStems) {
			stems[i] = preStems[j]
			continue
		}
		if st == nil {
			st = newStemmer()
		}
		var ks []string
		for _, w := range strings.Fields(k) {
			ks = append(ks, st.stem(w))
		}
		stems[i] = strings.Join(ks, " ")
	}
	return keys, stems
}

// buildStemmedSynonyms fills stemmedSynonyms, on the first query (not at
// start-up: `bosun --help` should not read the table), with the stems
// the prebuilt index holds.
func buildStemmedSynonyms() map[string][]synEntry {
	preSynMu.Lock()
	pk, ps := preSynKeys, preSynStems
	preSynMu.Unlock()
	keys, stems := stemSynonymKeys(pk, ps)
	m := make(map[string][]synEntry, len(keys))
	for i, k := range keys {
		m[stems[i]] = append(m[stems[i]], synEntry{k, synonyms[k]})
	}
	return m
}

// lookupSynonym returns the expansion for the query words ws (their stems
// in stems).
func lookupSynonym(ws, stems []string) (string, bool) {
	if exp, ok := synonyms[strings.Join(ws, " ")]; ok {
		return exp, true
	}
	var out []string
	stemSynOnce.Do(func() { stemmedSynonyms = buildStemmedSynonyms() })
	for _, e := range stemmedSynonyms[strings.Join(stems, " ")] {
		words := strings.Fields(e.key)
		ok := len(words) == len(ws)
		for i := 0; ok && i < len(ws); i++ {
			ok = len(ws[i]) >= len(words[i])
		}
		if ok {
			out = append(out, e.exp)
		}
	}
	return strings.Join(out, " "), len(out) > 0
}

// expansion is the words a table-talk phrase of the query stands for,
// with the span [from, to) of query words it was found in.
type expansion struct {
	words    []string
	from, to int
}

// expandQuery returns extra words for the table-talk phrases found in the
// query words ws.
func expandQuery(ws []string) []expansion {
	st := newStemmer()
	stems := make([]string, len(ws))
	for i, w := range ws {
		stems[i] = st.stem(w)
	}
	var out []expansion
	n := len(ws)
	used := make([]bool, n)
	for size := 3; size >= 1; size-- {
		for i := 0; i+size <= n; i++ {
			skip := false
			for k := i; k < i+size; k++ {
				if used[k] {
					skip = true
				}
			}
			if skip {
				continue
			}
			exp, ok := lookupSynonym(ws[i:i+size], stems[i:i+size])
			if ok {
				out = append(out, expansion{strings.Fields(exp), i, i + size})
				if size > 1 {
					for k := i; k < i+size; k++ {
						used[k] = true
					}
				}
			}
		}
	}
	return out
}

// gameAliases name a game in a query ("in rolling seas, ..."): each
// shelved game's Names, in the list's order (stock).
var gameAliases []gameAlias

type gameAlias struct {
	words []string
	game  string
}

// detectGameName finds a game named in ws and returns it with the
// indexes of the naming words.
func detectGameName(ws []string) (string, []int) {
	for _, a := range gameAliases {
		for i := 0; i+len(a.words) <= len(ws); i++ {
			match := true
			for k, w := range a.words {
				if ws[i+k] != w {
					match = false
					break
				}
			}
			if match {
				var at []int
				for k := range a.words {
					at = append(at, i+k)
				}
				return a.game, at
			}
		}
	}
	return "", nil
}

// synonymWords are the words of the synonym keys: table talk the typo
// corrector knows and never "corrects".
var (
	vocabOnce    sync.Once
	extraOnce    sync.Once
	synonymWords map[string]bool
	extraVocab   []string
)

// initVocab builds synonymWords on the first query.
func initVocab() {
	vocabOnce.Do(func() {
		synonymWords = buildSynonymWords()
	})
}

// extraVocabulary is extraVocab, built when a word is first corrected
// (most questions have no typo: a one-shot search skips it).
func extraVocabulary() []string {
	initVocab()
	extraOnce.Do(func() { extraVocab = buildExtraVocab() })
	return extraVocab
}

func buildSynonymWords() map[string]bool {
	m := map[string]bool{}
	for k := range synonyms {
		for _, w := range strings.Fields(k) {
			m[w] = true
		}
	}
	for _, a := range gameAliases {
		for _, w := range a.words {
			m[w] = true
		}
	}
	return m
}

// buildExtraVocab lists what a misspelled word may be corrected to besides
// the corpus's words: stop words and table talk, sorted.
func buildExtraVocab() []string {
	m := map[string]bool{}
	for w := range stopWords {
		m[w] = true
	}
	for w := range synonymWords {
		m[w] = true
	}
	out := make([]string, 0, len(m))
	for w := range m {
		if len(w) >= 3 {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}

// ordinalWords are ordinals as players type them, as the rulebooks spell
// them ("a 3rd action" -> "third").
var ordinalWords = map[string]string{
	"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth",
	"6th": "sixth", "7th": "seventh", "8th": "eighth", "9th": "ninth", "10th": "tenth",
	"11th": "eleventh", "12th": "twelfth", "13th": "thirteenth",
}
