package rulesref

import (
	"regexp"
	"strings"
	"sync"
)

// Facts of the box: "how many players can play misty waters" is asked in
// words every section shares (players, play, game), so no passage stands
// out by its words; the rulebook states the player count once, in words
// a pattern finds ("a 1 to 4 player strategy ... game"). A question that
// asks for the count of players of one game, in no other words, gets the
// passage that states it first. A rulebook that states no count (Rolling
// Seas and War for Atraxia give theirs only through setup rules) is left
// to the search.

// playerCount finds a rulebook's statement of its player count.
var playerCount = regexp.MustCompile(`(?i)\b([1-9]|one|two|three|four|five|six)\s?(to|-|–)\s?([1-9]|two|three|four|five|six|eight)[ -]players?\b`)

// boxWords are the words a player-count question is asked in.
var boxWords = map[string]bool{
	"players": true, "player": true, "people": true, "persons": true, "play": true, "playing": true,
	"played": true, "game": true, "games": true, "count": true, "number": true, "many": true,
	"max": true, "maximum": true, "min": true, "minimum": true, "most": true, "least": true,
	"support": true, "supports": true, "how": true, "up": true, "solo": true, "multiplayer": true,
	"range": true, "total": true, "need": true, "at": true, "once": true, "ppl": true,
}

// asksPlayerCount reports whether the question, the game's name left
// out, asks how many players a game takes and nothing else.
func asksPlayerCount(q string) bool {
	// a question may go on with its situation ("how many ppl can play
	// misty waters? weve got 5 tonite"): one of its sentences asking
	// for the count and nothing else is enough
	if parts := strings.FieldsFunc(q, func(r rune) bool { return r == '?' || r == '!' || r == ';' }); len(parts) > 1 {
		for _, p := range parts {
			if asksPlayerCountOnly(p) {
				return true
			}
		}
		return false
	}
	return asksPlayerCountOnly(q)
}

// asksPlayerCountOnly: one sentence of a question, the game's name left
// out, asks how many players a game takes and nothing else.
func asksPlayerCountOnly(q string) bool {
	ws := words(q)
	_, at := detectGameName(ws)
	name := map[int]bool{}
	for _, i := range at {
		name[i] = true
	}
	players := false
	for i, w := range ws {
		if name[i] || stopWords[w] {
			continue
		}
		if !boxWords[w] {
			return false
		}
		players = players || w == "players" || w == "player" || w == "people" || w == "ppl"
	}
	return players
}

var (
	countDocsOnce sync.Once
	countDocs     map[int]int32 // game index -> the doc that states its player count
)

// playerCountDoc is the doc of game g whose text states its player count.
func (c *corpus) playerCountDoc(g int) (int32, bool) {
	countDocsOnce.Do(func() {
		countDocs = map[int]int32{}
		for d := int32(0); int(d) < len(c.ix.DocSec); d++ {
			e := &c.Secs[c.ix.DocSec[d]]
			if _, done := countDocs[e.GameIdx]; done || c.Books[e.Book].User || !e.searchable() {
				continue
			}
			if playerCount.MatchString(c.docText(d)) {
				countDocs[e.GameIdx] = d
			}
		}
	})
	d, ok := countDocs[g]
	return d, ok
}

// liftPlayerCount puts the passage that states the player count first
// when the question asks for it and its game is known (named, or the one
// searched).
func (c *corpus) liftPlayerCount(hits []hit, q string, games map[int]bool, pq *parsedQuery) ([]hit, bool) {
	if !asksPlayerCount(q) {
		return hits, false
	}
	g := -1
	if pq.game != "" {
		g = gameIndex(pq.game)
	} else if len(games) == 1 {
		for k := range games {
			g = k
		}
	}
	if g < 0 {
		return hits, false
	}
	d, ok := c.playerCountDoc(g)
	if !ok {
		return hits, false
	}
	top := hit{doc: d, sec: int(c.ix.DocSec[d]), cover: 1}
	if len(hits) > 0 {
		top.score = hits[0].score * 1.01
	} else {
		top.score = minScore * 2
	}
	out := []hit{top}
	for _, h := range hits {
		if h.sec != top.sec {
			out = append(out, h)
		}
	}
	return out, true
}

// playerCountSentence is the sentence of text that states the player
// count (else def).
func playerCountSentence(text, def string) string {
	for _, line := range strings.Split(text, "\n") {
		for _, s := range displaySentences(strings.TrimSpace(line)) {
			if playerCount.MatchString(s) {
				return s
			}
		}
	}
	return def
}
