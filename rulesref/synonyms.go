package rulesref

import "strings"

// synonyms maps table talk to the rulebooks' own words. A key is matched
// as whole words in the query; its expansion is searched alongside (not
// instead of) the player's words. Keep keys lowercase.
var synonyms = map[string]string{
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
	"fire":         "attack",
	"fight":        "battle attack combat",
	"fights":       "battle attack combat",
	"fighting":     "battle attack combat",
	"combat":       "battle attack warfare",
	"battle":       "combat warfare",
	"attack":       "battle combat",
	"hit":          "damage attack",
	"hits":         "damage attack",
	"dmg":          "damage",
	"hp":           "hearts damage",
	"health":       "hearts damage cannons",
	"life":         "hearts",
	"lives":        "hearts",
	"killed":       "defeated sunk",
	"kill":         "defeat sink",
	"destroyed":    "defeated sunk",
	"destroy":      "defeat sink",
	"die":          "sink defeated",
	"dies":         "sink defeated",
	"dead":         "defeated sunk",
	"lose":         "defeated loser",
	"lost":         "defeated",
	"win":          "winner victory wins",
	"wins":         "winner victory",
	"winning":      "winner victory",
	"won":          "winner victory",
	"tie":          "tie tied",
	"draw":         "draw tie",
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
	"the captain": "captain ironside",
	"ironside":    "captain ironside",
	"asher":       "captain ironside",
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
	"teleport":        "teleporter",
	"crystal":         "magic crystal",
	"crystals":        "magic crystals",
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
}

// stemmedSynonyms is synonyms keyed by the stems of its keys, so that
// "killing" finds the entry for "kill".
var stemmedSynonyms = func() map[string]string {
	st := newStemmer()
	m := map[string]string{}
	for k, v := range synonyms {
		var ks []string
		for _, w := range strings.Fields(k) {
			ks = append(ks, st.stem(w))
		}
		key := strings.Join(ks, " ")
		if old, ok := m[key]; ok && old != v {
			v = old + " " + v
		}
		m[key] = v
	}
	return m
}()

// expandQuery returns extra words for the table-talk phrases found in the
// query words ws.
func expandQuery(ws []string) []string {
	st := newStemmer()
	stems := make([]string, len(ws))
	for i, w := range ws {
		stems[i] = st.stem(w)
	}
	var out []string
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
			key := strings.Join(stems[i:i+size], " ")
			exp, ok := stemmedSynonyms[key]
			if !ok {
				exp, ok = synonyms[strings.Join(ws[i:i+size], " ")]
			}
			if ok {
				out = append(out, strings.Fields(exp)...)
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

// gameAliases name a game in a query ("in rolling seas, ...").
var gameAliases = []struct {
	words []string
	game  string
}{
	{[]string{"misty", "waters"}, "misty-waters"},
	{[]string{"misty"}, "misty-waters"},
	{[]string{"mw"}, "misty-waters"},
	{[]string{"rolling", "seas"}, "rolling-seas"},
	{[]string{"war", "for", "atraxia"}, "war-for-atraxia"},
	{[]string{"atraxia"}, "war-for-atraxia"},
	{[]string{"wfa"}, "war-for-atraxia"},
	{[]string{"quests", "and", "cannons"}, "quests-and-cannons"},
	{[]string{"quests", "cannons"}, "quests-and-cannons"},
	{[]string{"q", "c"}, "quests-and-cannons"},
	{[]string{"qc"}, "quests-and-cannons"},
	{[]string{"qnc"}, "quests-and-cannons"},
}

// detectGameName finds a game named in ws and returns it with the naming
// words removed.
func detectGameName(ws []string) (string, []string) {
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
				rest := append(append([]string(nil), ws[:i]...), ws[i+len(a.words):]...)
				return a.game, rest
			}
		}
	}
	return "", ws
}
