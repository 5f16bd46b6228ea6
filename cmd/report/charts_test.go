package report_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The charts are recomputed here from the log, another way than the
// games' Tellers compute them (the events' texts and the saved state
// rather than their data), and compared: each series covers every round
// (or turn) from the first to the last; the totals of Silver, Prosperity
// and Magic Crystals are those the log and the state say; War for
// Atraxia's countdown reaches 0 after the last round.

// chartOf returns the chart with this id (nil when there is none).
func chartOf(ch *chronicle.Chronicle, id string) *chronicle.Chart {
	for i := range ch.Charts {
		if ch.Charts[i].ID == id {
			return &ch.Charts[i]
		}
	}
	return nil
}

// last is a series' last value by name (ok false when there is no such series).
func last(c *chronicle.Chart, name string) (float64, bool) {
	for _, s := range c.Series {
		if s.Name == name && len(s.Points) > 0 {
			return s.Points[len(s.Points)-1].Y, true
		}
	}
	return 0, false
}

// xsOf lists a series' x values.
func xsOf(s chronicle.Series) []int {
	out := make([]int, len(s.Points))
	for i, p := range s.Points {
		out[i] = p.X
	}
	return out
}

// span is the numbers from a to b.
func span(a, b int) []int {
	var out []int
	for i := a; i <= b; i++ {
		out = append(out, i)
	}
	return out
}

// rounds is the first and last value of Data[key] in the events of type typ.
func rounds(evs []referee.Event, typ, key string) (int, int) {
	first, lastR := 0, 0
	for _, e := range evs {
		if n, ok := chronicle.Int(e.Data, key); ok && e.Type == typ {
			if first == 0 || n < first {
				first = n
			}
			lastR = max(lastR, n)
		}
	}
	return first, lastR
}

// covers checks that every series of chart id has one point per x of xs.
func covers(t *testing.T, ch *chronicle.Chronicle, id string, xs []int) {
	t.Helper()
	c := chartOf(ch, id)
	require.NotNil(t, c, "chart %s", id)
	require.NotEmpty(t, c.Series, "chart %s", id)
	for _, s := range c.Series {
		assert.Equal(t, xs, xsOf(s), "chart %s, series %s: the rounds from the first to the last", id, s.Name)
	}
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

var (
	mwHarvest  = regexp.MustCompile(`^(\S+): .* sold by the Courier Freighter for (\d+) Silver`)
	mwGold     = regexp.MustCompile(`^Gold Coin Round: each player receives \d+ Gold Coins? \((\d+) Silver\)`)
	mwReward   = regexp.MustCompile(`^(\S+) receives (\d+) Silver Coins?\b`)
	mwSupport  = regexp.MustCompile(`^(\S+): .*your government sends (\d+) Silver Coins?`)
	qcPros     = regexp.MustCompile(`^team (.+): Prosperity (-?\d+) -> (-?\d+)`)
	qcDamage   = regexp.MustCompile(`dots, (\d+) damage\b`)
	wfaFinal   = regexp.MustCompile(`\d+\. (\S+) (\d+) crystals?`)
	wfaCount   = regexp.MustCompile(`^Round (\d+): .*end-game countdown at (\d+)`)
	rsScore    = regexp.MustCompile(`^(.+): (\d+) Renown \(column (\d+) `)
	luckPoints = func(ch *chronicle.Chronicle) int {
		n := 0
		for _, b := range ch.Battles {
			if b.Luck != nil {
				n++
			}
		}
		return n
	}
)

// checkCharts recomputes the charts of a finished scripted game from its
// log and saved state and compares them with the chronicle's.
func checkCharts(t *testing.T, g scripted, s *referee.Session, evs []referee.Event, ch *chronicle.Chronicle) {
	t.Helper()
	var state map[string]any
	require.NoError(t, json.Unmarshal(s.State, &state))
	if c := chartOf(ch, "luck"); c != nil {
		assert.Len(t, c.Series[0].Points, luckPoints(ch), "a luck bar per battle with a percentile")
	}
	switch s.Game {
	case "misty-waters":
		first, lastR := rounds(evs, "round", "round")
		require.Equal(t, 1, first)
		for _, id := range []string{"wind", "islands", "silver"} {
			covers(t, ch, id, span(first, lastR))
		}
		silver := map[string]int{}
		for _, e := range evs {
			switch m := []*regexp.Regexp{mwHarvest, mwReward, mwSupport}; {
			case m[0].MatchString(e.Text):
				x := m[0].FindStringSubmatch(e.Text)
				silver[x[1]] += atoi(x[2])
			case m[1].MatchString(e.Text) && e.Type == "battle":
				x := m[1].FindStringSubmatch(e.Text)
				silver[x[1]] += atoi(x[2])
			case m[2].MatchString(e.Text):
				x := m[2].FindStringSubmatch(e.Text)
				silver[x[1]] += atoi(x[2])
			case mwGold.MatchString(e.Text):
				for _, p := range s.Players {
					silver[p.Name] += atoi(mwGold.FindStringSubmatch(e.Text)[1])
				}
			}
		}
		c := chartOf(ch, "silver")
		for _, p := range s.Players {
			got, _ := last(c, p.Name)
			assert.Equal(t, float64(silver[p.Name]), got, "%s's Silver received, as the log's texts add it up", p.Name)
		}
	case "quests-and-cannons":
		first, lastR := rounds(evs, "turn", "round")
		require.Equal(t, 1, first)
		covers(t, ch, "prosperity", span(first, lastR))
		pros := map[string]int{}
		for _, e := range evs {
			if x := qcPros.FindStringSubmatch(e.Text); x != nil {
				pros[x[1]] += atoi(x[3]) - atoi(x[2])
			}
		}
		c := chartOf(ch, "prosperity")
		for _, tm := range state["teams"].([]any) {
			team := tm.(map[string]any)
			name := team["name"].(string)
			got, ok := last(c, name)
			assert.True(t, ok, "team %s has a line", name)
			assert.Equal(t, team["prosperity"], got, "%s's Prosperity in the saved state", name)
			assert.Equal(t, float64(pros[name]), got, "%s's Prosperity, as the log's changes add it up", name)
		}
		if mc := chartOf(ch, "marauders"); mc != nil {
			covers(t, ch, "marauders", span(first, lastR))
			sunk, dmg := 0, 0
			for _, e := range evs {
				if e.Type == "marauder-sunk" {
					sunk++
				}
				if x := qcDamage.FindStringSubmatch(e.Text); x != nil && e.Type == "marauder-attack" {
					dmg += atoi(x[1])
				}
			}
			got, _ := last(mc, "Marauders sunk (total)")
			assert.Equal(t, float64(sunk), got, "Marauders sunk")
			sum := 0.0
			for _, s := range mc.Series {
				if s.Name == "damage dealt by Marauders" {
					for _, p := range s.Points {
						sum += p.Y
					}
				}
			}
			assert.Equal(t, float64(dmg), sum, "damage dealt by the Marauders, all rounds")
		}
	case "war-for-atraxia":
		first, lastR := rounds(evs, "turn", "round")
		require.Equal(t, 1, first)
		covers(t, ch, "crystals", span(first, lastR+1)) // and "end": the final scoring
		covers(t, ch, "strength", span(first, lastR+1))
		final := map[string]int{}
		for _, e := range evs {
			if e.Type == "final-scoring" {
				for _, x := range wfaFinal.FindAllStringSubmatch(e.Text, -1) {
					final[x[1]] = atoi(x[2])
				}
			}
		}
		c := chartOf(ch, "crystals")
		// a crystal won and mounted in one turn is on no start-of-turn
		// count: the chart says what it counts
		assert.Contains(t, c.Title, "not mounted")
		assert.Contains(t, c.Note, "a crystal won and mounted in the same turn never shows")
		for _, cl := range state["clans"].([]any) {
			clan := cl.(map[string]any)
			name := clan["player"].(string)
			got, _ := last(c, name)
			assert.Equal(t, clan["crystals"], got, "%s's Magic Crystals in the saved state", name)
			assert.Equal(t, float64(final[name]), got, "%s's Magic Crystals at the final scoring", name)
		}
		var want []chronicle.Point
		for _, e := range evs {
			if x := wfaCount.FindStringSubmatch(e.Text); x != nil && e.Type == "turn" {
				r := atoi(x[1])
				if n := len(want); n == 0 || want[n-1].X != r {
					want = append(want, chronicle.Point{X: r, Label: x[1], Y: float64(atoi(x[2]))})
				}
			}
		}
		require.NotEmpty(t, want, "the countdown started")
		want = append(want, chronicle.Point{X: lastR + 1, Label: "end", Y: 0})
		cd := chartOf(ch, "countdown")
		require.NotNil(t, cd)
		require.Len(t, cd.Series, 1)
		assert.Equal(t, want, cd.Series[0].Points, "the countdown by round, 0 after the last round")
	case "rolling-seas":
		first, lastT := rounds(evs, "action", "turn")
		require.Equal(t, 1, first)
		scores := map[string][2]int{}
		var order []string
		for _, e := range evs {
			if x := rsScore.FindStringSubmatch(e.Text); x != nil && e.Type == "score" {
				scores[x[1]] = [2]int{atoi(x[2]), atoi(x[3])}
				order = append(order, x[1])
			}
		}
		fc := chartOf(ch, "final")
		require.NotNil(t, fc)
		for _, s := range fc.Series {
			if s.Name != "Renown" {
				continue
			}
			require.Len(t, s.Points, len(order))
			for i, p := range s.Points {
				assert.Equal(t, order[i], p.Label)
				assert.Equal(t, float64(scores[order[i]][0]), p.Y, "%s's Renown", order[i])
			}
		}
		if ic := chartOf(ch, "ironside"); ic != nil && !ic.Empty() {
			covers(t, ch, "ironside", span(first, lastT))
			got, _ := last(ic, "Captain Ironside Renown")
			if sc, ok := scores["Captain Ironside"]; ok {
				assert.Equal(t, float64(sc[1]), got, "Captain Ironside's Renown column at the end")
			}
		}
	default:
		t.Fatalf("no recomputation for %s (%s)", g.name, s.Game)
	}
}
