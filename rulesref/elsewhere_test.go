package rulesref

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// No word or name elsewhereQuestion reads as a sign of another topic is a
// word of any rulebook: a question using it cannot be asking for a rule.
func TestElsewhereWordsNotInRulebooks(t *testing.T) {
	inBooks := map[string]bool{}
	var all []string
	for _, g := range GameIDs() {
		ws := words(rulebookText(g))
		all = append(all, ws...)
		for _, w := range ws {
			inBooks[w] = true
		}
	}
	book := " " + strings.Join(all, " ") + " "
	for _, g := range otherGames {
		assert.NotContainsf(t, book, " "+strings.Join(g, " ")+" ", "%q is rulebook text", strings.Join(g, " "))
	}
	for _, words := range []map[string]bool{seamanship, product} {
		for w := range words {
			assert.Falsef(t, inBooks[w], "%q is a rulebook word", w)
		}
	}
}

// The signs, each way: another game named, real sailing (two words of
// it, or "real" before a word of the sea), a request for a game to play;
// and the questions that share a word with them but ask for a rule.
func TestElsewhereQuestion(t *testing.T) {
	for _, q := range []string{
		"how many victory points do you need to win catan",
		"in Sea of Thieves how do you patch holes in the hull?",
		"how many players can play ticket to ride",
		"in chess can i castle out of check",
		"what knot should i use to tie my sailboat to a dock cleat",
		"how do real sailing ships tack upwind against the wind?",
		"what does port and starboard mean on a real ship",
		"what's a good board game for 6 players that takes under an hour?",
		"can you recommend a pirate board game",
		"recommend a good 2 player pirate game for kids under 8",
		"is there a mobile app version of this game for ipad?",
		"where can i buy replacement meeples for a lost wooden destroyer piece?",
		"what was the largest cannon ever mounted on an 18th century ship of the line?",
		// the game as a product: play time, price, painting, release news,
		// house rules; and real units of wind (issue #28)
		"how long does a game of misty waters take",
		"how much does quests and cannons cost",
		"what paint should i use for the ship miniatures",
		"how many knots is a strong wind",
		"when is the next expansion coming out",
		"any good house rules for misty waters?",
		// age, the brand of the players' own things, a replacement
		// part, value for money, a game like this one, "starboard" on a
		// boat, "real" guns on a ship
		"what age is war for atraxia suitable for? my daughter is 9",
		"is this too hard for kids aged 8",
		"which brand of dry erase pen works on the sheets",
		"the bag of coins got lost, can we order a replacement part from the publisher",
		"is the collector's box worth the money",
		"any fun game like this one for my family",
		"which side is starboard on a boat",
		"how heavy was a real cannon ball on a ship",
		// the fourth pass's kinds (issue #28), in words none of v18's and
		// v19's questions used: card care, storing, painting, spare parts,
		// price of an edition, the age it suits, other games
		"how do i stop the dry erase boards from ghosting",
		"whats the best way to store the cards so they dont bend",
		"what should i use to organize the tokens in the box",
		"is there a foam insert for war for atraxia",
		"the cards got warped in the heat, how do i flatten them",
		"what's the best primer for plastic miniatures",
		"do i need a brush or spray to paint the wooden pieces",
		"my cat chewed one of the wooden ships, where can i get a spare piece",
		"where can we buy replacement dice, we lost ours",
		"how much is the deluxe edition of war for atraxia",
		"is quests and cannons worth 60 bucks",
		"what is the minimum age for quests and cannons",
		"can an 8 year old play misty waters or is it too hard",
		"is misty waters basically catan at sea",
		"are there other naval board games like this one",
		"what are some similar games to rolling seas",
		"the mast snapped off my ship mini, what glue works",
		"can i play quests and cannons on tabletop simulator",
		"is misty waters ok for colorblind players",
	} {
		assert.Truef(t, isElsewhere(q), "%q", q)
		assert.Emptyf(t, Search(q, SearchOptions{Limit: 3}), "%q", q)
	}
	for _, q := range []string{
		"can my sailboat carry two cannons",            // one word of real sailing: a Sloop
		"is a 1 a real hit in a broadside",             // "real" with no word of the sea after it
		"what's the best strategy for the game to win", // not a request for a game
		"is the extended variant recommended for new players",
		"how do u actually win this game, is it just points?",
		"how many actions do i get on my turn?",
		"do i get a replacement ship when mine sinks",
		"how much does a cannon cost",
		"how long does the game last after someone reaches the middle island",
		"how long does it take to move through the lagoon",
		"what does the empires expansion change",
		"how much does the game end bonus give",
		"do i get a replacement ship when mine sinks",
		"is a loot card worth more than a clue",
		"can my kid's ship attack in the first round",
		"how old does the event deck get before we reshuffle",
		"which champion should a brand new player pick", // v18: "brand new" is no brand
	} {
		assert.Falsef(t, isElsewhere(q), "%q", q)
	}
	// a question naming one of bosun's games is about it, whatever it
	// compares it with, unless it asks about the game as a product
	assert.NotEmpty(t, Search("is misty waters boarding like chess, how many dice do i roll", SearchOptions{Limit: 3}))
	assert.Empty(t, Search("who designed rolling seas and when did it come out", SearchOptions{Limit: 3}))
	why, ok := Elsewhere("who designed rolling seas and when did it come out")
	assert.True(t, ok)
	assert.Equal(t, "asks about the game as a product", why)
}

func isElsewhere(q string) bool {
	_, ok := elsewhereQuestion(words(q), false)
	return ok
}

// Not one on-topic question of the dev set or the held-out set reads as
// being about something else.
func TestElsewhereSparesRulesQuestions(t *testing.T) {
	var qs []struct {
		Q string `yaml:"q"`
	}
	for _, f := range []string{"testdata/devset.yaml", "testdata/heldout.yaml"} {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		var cs []struct {
			Q string `yaml:"q"`
		}
		require.NoError(t, yaml.Unmarshal(b, &cs))
		qs = append(qs, cs...)
	}
	require.Greater(t, len(qs), 2000)
	for _, c := range qs {
		why, ok := elsewhereQuestion(words(c.Q), false)
		assert.Falsef(t, ok, "%q: %s", c.Q, why)
	}
}

// Rules questions in the nouns of the off-topic kinds (buying, spare and
// replacement ships, the box, age, storing, painting, price, markers,
// metal and wooden pieces, other players) keep their answer: the signs of
// the fourth pass must not take a rule's words for the shop's (issue #28).
func TestElsewhereSparesProductNouns(t *testing.T) {
	for _, q := range []string{
		"can i buy a replacement ship after mine sinks",
		"can I buy a spare ship at the port?",
		"where can i buy a new player ship in misty waters",
		"how many ships come in the box",
		"how many wooden meeples are in the deluxe edition of war for atraxia",
		"what age is the Ironside card for",
		"what is the age of the wooden ships in misty waters",
		"how much does a new ship cost in rolling seas",
		"what's the price of a cannon at the port",
		"can my cargo slot store a resource between turns",
		"where do i store the resources i gather",
		"do i keep my loot cards between rounds",
		"what do the plastic flags mark on the islands",
		"how many dice come with the rise of pirates mini expansion",
		"who goes first if the youngest player is 8 years old",
		"do i erase the dry-erase board at the end of the round",
		"which marker do i move on the score track when i get renown",
		"can i get a replacement cannon if mine is destroyed",
		"is the other player's ship allowed to board mine",
		"what do the metal coins count as in quests and cannons",
	} {
		why, ok := Elsewhere(q)
		assert.Falsef(t, ok, "%q: %s", q, why)
		assert.NotEmptyf(t, Search(q, SearchOptions{Limit: 3}), "%q", q)
	}
}
