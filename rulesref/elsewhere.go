package rulesref

import "strings"

// Questions that are plainly about something other than bosun's four
// games get "no ruling" rather than the nearest rule with a shared word
// ("how many victory points do you need to win catan" is not answered by
// Rolling Seas' end of game, "what knot do i tie my sailboat to a dock
// cleat with" not by Misty Waters' No Cheating). The signs are read on
// the player's own words. Three count only when the question names none
// of bosun's games (pq.game): it names another game; it asks about real
// sailing; it asks for a game to play. The fourth counts even when it
// names one: it asks about the game as a product ("who designed rolling
// seas"). None of the words below is in any rulebook
// (TestElsewhereWordsNotInRulebooks), so no rule can be the answer to
// what they ask. See docs/rules-search.md, "fifth pass". Issue #28's
// fourth pass adds kinds of the product sign that pair a word some
// rulebook uses with one of the shelf or the shop (storing with "box" or
// "between games", a spare part with "where" and a wooden piece, an
// edition with a price, "years old" with whether it suits), and two of
// other games ("basically ... with boats", "other ... board games").

// otherGames are games players mention by mistake (or to compare), as
// word sequences. Left out: names that are rulebook words or common
// words at a table ("risk", "clue", "poker", "battleship", "root", "go").
var otherGames = [][]string{
	{"catan"}, {"chess"}, {"checkers"}, {"draughts"}, {"sea", "of", "thieves"},
	{"ticket", "to", "ride"}, {"twilight", "imperium"}, {"monopoly"}, {"uno"},
	{"scrabble"}, {"carcassonne"}, {"pandemic"}, {"gloomhaven"}, {"wingspan"},
	{"scythe"}, {"azul"}, {"splendor"}, {"codenames"}, {"cluedo"}, {"yahtzee"},
	{"backgammon"}, {"mahjong"}, {"warhammer"}, {"dungeons", "and", "dragons"},
	{"dungeons", "dragons"}, {"magic", "the", "gathering"}, {"mtg"},
	{"terraforming", "mars"}, {"7", "wonders"}, {"seven", "wonders"}, {"dixit"},
	{"arkham", "horror"}, {"blood", "rage"}, {"king", "of", "tokyo"},
	{"spirit", "island"}, {"skull", "and", "bones"}, {"black", "flag"},
	{"assassin", "creed"}, {"world", "of", "warships"}, {"world", "of", "warcraft"},
	{"libertalia"}, {"merchants", "and", "marauders"}, {"port", "royal"},
	{"minecraft"}, {"fortnite"}, {"pokemon"}, {"hearthstone"}, {"blackjack"},
	{"solitaire", "card", "game"}, {"cribbage"}, {"rummikub"}, {"jenga"},
	{"stratego"}, {"diplomacy", "board", "game"}, {"axis", "and", "allies"},
	{"cartographers"}, {"dominion", "deck"}, {"everdell"}, {"cascadia"}, {"heroquest"},
}

// seamanship: words of real sailing that no rulebook uses; two of them in
// a question ("tack a sailboat upwind", "a bowline knot for mooring") make
// it a question about real boats. One alone is not enough: a player may
// call their Sloop a sailboat.
var seamanship = map[string]bool{
	"sailboat": true, "sailboats": true, "mainsail": true, "jib": true, "bowline": true,
	"cleat": true, "starboard": true, "keel": true, "tiller": true, "rudder": true,
	"knot": true, "upwind": true, "mooring": true, "moor": true,
	"dinghy": true, "yacht": true, "kayak": true, "regatta": true, "mast": true,
	"tack": true, "tacking": true, "jibe": true, "gybe": true, "halyard": true, "reefing": true,
}

// realWorld marks a question about the real world ("on a real ship",
// "how did real pirates", "historically"), when a word of the sea follows
// within three words.
var realWorld = map[string]bool{
	"real": true, "irl": true, "historically": true, "historical": true, "realistic": true,
	"century": true, "model": true, // "an 18th century ship of the line", "a wooden model ship"
}

// product: words about the game as a product (apps, buying parts, who
// made it), which no rulebook answers: one is enough.
var product = map[string]bool{
	"app": true, "apps": true, "ipad": true, "iphone": true, "android": true, "steam": true,
	"website": true, "kickstarter": true, "sleeve": true, "sleeves": true, "designer": true,
	"designers": true, "artist": true, "illustrator": true, "pdf": true, "printable": true,
	"amazon": true,
	// play time, painting, storage, buying and release news
	"playtime": true, "minutes": true, "hours": true, "hour": true, "msrp": true, "retail": true,
	"rating": true, "stains": true, "stain": true, "laminated": true, "snacks": true, "snack": true,
	"painting": true, "painted": true, "primer": true, "primed": true, "varnish": true,
	"storage": true, "organizer": true, "organiser": true, "reprint": true, "preorder": true,
	"upcoming": true, "houserule": true, "houserules": true,
	// real-world units of sailing and wind
	"knots": true, "nautical": true, "beaufort": true, "mph": true, "kmh": true,
	// the makers of the players' own things: "what brand of markers"
	"brand": true, "brands": true,
	// the upkeep of the box: card care, storing, painting (issue #28's
	// fourth pass: "ghosting off the boards", "a foam insert", "tackle box
	// or baggies", "without priming first")
	"ghosting": true, "ghosted": true, "foam": true, "baggies": true, "baggie": true,
	"ziploc": true, "ziplock": true, "priming": true, "acrylic": true, "acrylics": true,
	"warped": true, "warping": true, "sleeved": true, "sleeving": true, "laminate": true,
	"laminating": true, "inserts": true, "spilled": true, "mold": true, "moldy": true,
	"faded": true, "creased": true, "scratched": true,
	// money as the shop asks it
	"bucks": true, "dollars": true, "euros": true, "usd": true,
	// cleaning and mending the pieces, playing it online, who can see it
	"glue": true, "superglue": true, "microfiber": true, "alcohol": true,
	"ebay": true, "etsy": true, "simulator": true, "tts": true, "bga": true, "backer": true,
	"backers": true, "pledge": true, "colorblind": true, "colourblind": true,
}

// keepWords and keptWhere: storing the components ("best way to store
// the dry erase boards so they dont ghost", "store the tokens between
// games"): a verb of keeping with a word of the shelf or the box. A cargo
// slot "can store a Resource", so the verb alone is a rule.
var (
	keepWords = map[string]bool{
		"store": true, "storing": true, "stored": true, "organize": true, "organise": true,
		"organizing": true, "organising": true, "pack": true, "packing": true,
	}
	keptWhere = map[string]bool{
		"box": true, "boxes": true, "insert": true, "bags": true, "setup": true, "ghost": true,
		"warp": true, "bend": true, "dust": true, "shelf": true, "container": true, "containers": true,
	}
	// physical: the players' own pieces, as bought ("spare wooden ships",
	// "replacement wind dice").
	physical = map[string]bool{
		"wooden": true, "plastic": true, "metal": true, "cardboard": true, "dice": true, "die": true,
		"token": true, "tokens": true, "meeple": true, "meeples": true, "mini": true, "minis": true,
		"miniature": true, "miniatures": true, "piece": true, "pieces": true, "part": true, "parts": true,
		"marker": true, "markers": true, "pen": true, "pens": true, "ours": true,
	}
)

// kidWords and ageWords: a question about the age the game suits ("what
// age is rolling seas ok for, my kid is 7", "a game for kids under 10")
// holds one of each; none of them is a rulebook word but "children" and
// "old" ("in their old age"), which no rule is about.
var (
	kidWords = map[string]bool{
		"kid": true, "kids": true, "child": true, "children": true, "son": true, "daughter": true,
		"toddler": true, "toddlers": true, "teen": true, "teens": true, "teenager": true, "grandkids": true,
		"nephew": true, "niece": true,
	}
	ageWords = map[string]bool{
		"age": true, "ages": true, "aged": true, "old": true, "under": true, "years": true, "yo": true,
		"year": true, "young": true, "younger": true, "older": true,
	}
)

var seaWords = map[string]bool{
	"ship": true, "ships": true, "boat": true, "boats": true, "sailboat": true, "sailboats": true,
	"sailing": true, "sailor": true, "sailors": true, "sea": true, "seas": true, "ocean": true,
	"pirate": true, "pirates": true, "navy": true, "navies": true, "captain": true, "captains": true,
	"sail": true, "sails": true, "life": true, "world": true,
}

// gameAdjective: words between "a good" / "recommend" and "game" in a
// request for a game to play ("a good pirate themed board game for").
var gameAdjective = map[string]bool{
	"me": true, "us": true, "a": true, "an": true, "some": true, "any": true, "another": true,
	"other": true, "similar": true, "board": true, "card": true, "dice": true, "pirate": true,
	"pirates": true, "themed": true, "naval": true, "nautical": true, "family": true, "party": true,
	"short": true, "quick": true, "new": true, "cheap": true, "kids": true, "strategy": true,
	"good": true, "great": true, "fun": true, "best": true, "player": true, "players": true,
	"2": true, "3": true, "4": true, "5": true, "6": true, "8": true, "two": true, "four": true,
}

// elsewhereQuestion reports whether the player's words ws (as words()
// splits them) ask about something other than these games, and which
// sign says so. named: the question names one of bosun's games; then
// only a question about the game as a product ("who designed rolling
// seas") is elsewhere.
func elsewhereQuestion(ws []string, named bool) (string, bool) {
	if why, ok := productQuestion(ws); ok || named {
		return why, ok
	}
	for i := range ws {
		for _, g := range otherGames {
			if i+len(g) <= len(ws) && equalWords(ws[i:i+len(g)], g) {
				return "names another game (" + strings.Join(g, " ") + ")", true
			}
		}
	}
	n := 0
	for i, w := range ws {
		if seamanship[w] {
			n++
		}
		if realWorld[w] {
			for _, v := range ws[i+1 : min(len(ws), i+6)] {
				if seaWords[v] {
					return "asks about the real world", true
				}
			}
		}
	}
	if n >= 2 || n == 1 && anyWord(ws, "boat", "boats") {
		// "what does starboard mean vs port side on a boat": a player
		// calls the game's ships ships
		return "asks about real sailing", true
	}
	// "what's a good board game for 6 players", "recommend a pirate game"
	for i, w := range ws {
		switch w {
		case "recommend", "suggest", "recommendation", "recommendations":
			j := i + 1
			for j < len(ws) && gameAdjective[ws[j]] {
				j++
			}
			if j < len(ws) && (ws[j] == "game" || ws[j] == "games") {
				return "asks for a game to play", true
			}
		case "good", "best", "fun", "great":
			j := i + 1
			for j < len(ws) && gameAdjective[ws[j]] {
				j++
			}
			if j+1 < len(ws) && (ws[j] == "game" || ws[j] == "games") && (ws[j+1] == "for" || ws[j+1] == "to" || ws[j+1] == "like") {
				return "asks for a game to play", true
			}
		}
	}
	return "", false
}

// Elsewhere says why a question gets no ruling when it is about something
// other than bosun's games ("names another game (catan)"), for the
// message beside "no ruling"; ok is false for any other question.
func Elsewhere(q string) (why string, ok bool) {
	pq := builtin().parseQuery(q, newStemmer())
	return elsewhereQuestion(words(q), pq.game != "")
}

// productQuestion: the question is about the game as a product (an app,
// buying parts, who made it).
func productQuestion(ws []string) (string, bool) {
	for i, w := range ws {
		// "a brand new player" is a new player, not a maker's brand
		if product[w] && !(w == "brand" && i+1 < len(ws) && ws[i+1] == "new") {
			return "asks about the game as a product (" + w + ")", true
		}
		// "where can i buy replacement meeples", "can i get a replacement
		// part somewhere", "who designed the box art"
		// ("can i buy a replacement ship after mine sinks" is Misty
		// Waters' Buying Player Ships: a buying verb alone is a rule)
		if (w == "replacement" || w == "replacements" || w == "spare" || w == "spares") &&
			(anyWord(ws, "part", "parts", "somewhere", "publisher", "shop", "online", "website") || anyWord(ws, "where") && anyPhysical(ws)) ||
			w == "who" && i+1 < len(ws) && (ws[i+1] == "designed" || ws[i+1] == "published" || ws[i+1] == "illustrated") {
			return "asks about the game as a product", true
		}
		next := ""
		if i+1 < len(ws) {
			next = ws[i+1]
		}
		switch {
		// storing the box's contents
		case keepWords[w] && (anyIn(ws, keptWhere) || betweenGames(ws)):
			return "asks about the game as a product (storing it)", true
		// "is rolling seas basically just cartographers with boats"
		case w == "basically" && withTheSea(ws[i+1:]):
			return "compares the game with another", true
		// "which other pirate-themed board games can handle 7 players"
		case w == "board" && next == "games" || (w == "other" || w == "similar") && otherGamesAfter(ws[i+1:]):
			return "asks for a game to play", true
		// "the recommended age", "my eight-year-old", "ages 10+"
		// ("who goes first if the youngest is 8 years old" asks the
		// rule for the first player: an age, and whether it suits them)
		case (w == "year" || w == "years" || w == "yr" || w == "yrs") && next == "old" && anyWord(ws, "play", "enjoy", "understand", "handle", "manage", "keep", "suitable", "suit", "hard", "complicated", "complex", "easy", "simple", "ready", "learn", "too") ||
			(w == "recommended" || w == "minimum" || w == "suggested") && next == "age" ||
			w == "age" && (next == "range" || next == "rating") || w == "ages" && (isNumber(next) || numberValues[next] > 0):
			return "asks about the age the game suits", true
		// "how much does the deluxe edition cost with the metal coins"
		case (w == "edition" || w == "editions" || w == "deluxe") && anyWord(ws, "cost", "costs", "price", "priced", "pay", "cheaper", "expensive", "much"):
			return "asks about the game as a product (its price)", true
		// "should i paint the minis", "what paint for the ship miniatures"
		case (w == "paint" || w == "paints") && anyWord(ws, "minis", "miniatures", "miniature", "models", "model", "figures", "plastic", "wooden", "brush", "brushes"):
			return "asks about the game as a product (painting)", true
		// "is the deluxe edition worth the extra money": its price
		case w == "worth" && anyWord(ws[i+1:], "money", "buying", "price", "upgrading"):
			return "asks about the game as a product (its price)", true
		// "what age is rolling seas ok for, my kid is 7"
		case kidWords[w] && anyWord(ws, "age", "ages", "aged") || ageWords[w] && anyKid(ws) && anyNumberOrAge(ws):
			return "asks about the age the game suits", true
		// "the average play time"
		case w == "play" && next == "time":
			return "asks about the game as a product (play time)", true
		// "any house rules for ...": a rulebook gives its own rules only
		case w == "house" && (next == "rule" || next == "rules"):
			return "asks for house rules", true
		// "when is the next expansion coming out"
		case (w == "expansion" || w == "expansions") && anyWord(ws, "next", "coming", "upcoming", "announced", "released"):
			return "asks about the game as a product (an expansion's release)", true
		// "how long does a game of misty waters take": play time
		case w == "how" && next == "long" && anyWord(ws, "take", "takes") && !anyWord(ws, "turn", "turns", "round", "rounds", "move", "action", "battle"):
			return "asks about the game as a product (play time)", true
		}
	}
	if onlyAboutTheBox(ws, "cost", "costs", "price") {
		return "asks about the game as a product (its price)", true
	}
	return "", false
}

// onlyAboutTheBox: the question holds one of the words of and, besides
// them, only words about the game as a whole ("how much does quests and
// cannons cost", "what's the price of the game"): no rule's cost can be
// what it asks.
func onlyAboutTheBox(ws []string, of ...string) bool {
	if !anyWord(ws, of...) {
		return false
	}
	_, at := detectGameName(ws)
	name := map[int]bool{}
	for _, i := range at {
		name[i] = true
	}
	named := len(at) > 0
	for i, w := range ws {
		if name[i] || stopWords[w] || anyWord([]string{w}, of...) {
			continue
		}
		switch w {
		case "how", "much", "game", "box", "copy", "whole", "base", "retail", "buy", "usually", "new", "full":
			named = named || w == "game" || w == "box" || w == "copy"
			continue
		}
		return false
	}
	return named
}

func anyIn(ws []string, set map[string]bool) bool {
	for _, w := range ws {
		if set[w] {
			return true
		}
	}
	return false
}

func anyPhysical(ws []string) bool { return anyIn(ws, physical) }

// betweenGames: "between games", "between plays", "between sessions".
func betweenGames(ws []string) bool {
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] == "between" && (ws[i+1] == "games" || ws[i+1] == "plays" || ws[i+1] == "sessions") {
			return true
		}
	}
	return false
}

// withTheSea: within five words, "with" or "but" before a word of ships or
// the sea ("cartographers with boats", "catan but with pirates").
func withTheSea(ws []string) bool {
	ws = ws[:min(len(ws), 6)]
	for i := 0; i+1 < len(ws); i++ {
		if (ws[i] == "with" || ws[i] == "but" || ws[i] == "at" || ws[i] == "on") && seaWords[ws[i+1]] ||
			ws[i] == "with" && i+2 < len(ws) && seaWords[ws[i+2]] {
			return true
		}
	}
	return false
}

// otherGamesAfter: after "other" or "similar", words of a kind of game
// and then "games" ("other pirate themed board games", "similar games"):
// a request for more games, not "the other players".
func otherGamesAfter(ws []string) bool {
	for j, w := range ws {
		if w == "games" || w == "game" && j > 0 {
			return j > 0 || w == "games"
		}
		if !gameAdjective[w] || w == "player" || w == "players" {
			return false
		}
	}
	return false
}

func anyKid(ws []string) bool {
	for _, w := range ws {
		if kidWords[w] {
			return true
		}
	}
	return false
}

// anyNumberOrAge: the question states an age ("under 10", "is 7", "what
// age", "years old").
func anyNumberOrAge(ws []string) bool {
	for _, w := range ws {
		if isNumber(w) || numberValues[w] > 0 || w == "age" || w == "ages" || w == "years" {
			return true
		}
	}
	return false
}

func anyWord(ws []string, of ...string) bool {
	for _, w := range ws {
		for _, o := range of {
			if w == o {
				return true
			}
		}
	}
	return false
}

func equalWords(a, b []string) bool {
	for i := range b {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
