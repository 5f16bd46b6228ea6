package procedure

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/games/mistywaters/odds"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
)

// Chronicle implements chronicle.Teller: the rounds, the battles with
// their odds (recorded in the battle events since bosun report; older
// saves have the battles without odds), the NPCs' moves and attacks, the
// result, and the Wind Force, Captured Islands and Silver charts.
func (g *Game) Chronicle(s *referee.Session, evs []referee.Event) chronicle.Story {
	var st chronicle.Story
	round, label := 0, "Setup"
	wind := chronicle.Chart{ID: "wind", Title: "Wind Force by round", X: "round", Y: "Wind Force (oB)", Kind: "line"}
	var windT, islands, silver chronicle.Tracker
	names := make([]string, len(s.Players))
	for i, p := range s.Players {
		names[i] = p.Name
		islands.Set(p.Name, 1, "I", 0)
		silver.Set(p.Name, 1, "I", 0)
	}
	line := func(t string) { st.Line(label, t) }
	sawWind := false
	windNow := -1                  // the Wind Force in effect: set up before Round I, changed by the weather
	var counts, tieBreaks []string // the last end-game check's Captured Islands; the ties and how they were broken
	for _, e := range evs {
		switch e.Type {
		case "round":
			if n, ok := chronicle.Int(e.Data, "round"); ok {
				round, label = n, "Round "+Roman(n)
				if windNow >= 0 {
					// Round I has no Weather Phase (it begins at Phase 5):
					// its wind is the one set up; a round's weather replaces it.
					windT.Set("Wind Force", n, Roman(n), float64(windNow))
				}
				for _, p := range names {
					islands.Set(p, n, Roman(n), islands.Last(p))
					silver.Set(p, n, Roman(n), silver.Last(p))
				}
			}
			line(e.Text)
		case "setup":
			if w, ok := chronicle.Int(e.Data, "wind"); ok {
				windNow = w
			}
		case "weather":
			if w, ok := chronicle.Int(e.Data, "wind"); ok && round > 0 {
				sawWind, windNow = true, w
				windT.Set("Wind Force", round, Roman(round), float64(w))
				if from, ok := chronicle.Int(e.Data, "from"); ok && from != w {
					line(fmt.Sprintf("The wind turns: Wind Force %d -> %d oB", from, w))
				}
			}
		case "endgame":
			if c := chronicle.Strs(e.Data, "counts"); len(c) > 0 {
				counts = c
			}
			if len(chronicle.Strs(e.Data, "tied")) > 0 {
				tieBreaks = append(tieBreaks, e.Text)
			}
			if p := chronicle.Str(e.Data, "player"); p != "" {
				if n, ok := chronicle.Int(e.Data, "captured"); ok {
					islands.Set(p, max(round, 1), Roman(max(round, 1)), float64(n))
					line(e.Text)
				}
			}
			if w := chronicle.Strs(e.Data, "winners"); len(w) > 0 {
				line(e.Text)
				st.Result = &chronicle.Result{Winners: w, Why: e.Text}
				if t := chronicle.Strs(e.Data, "totals"); len(t) > 0 {
					st.Result.Ranks = ranks(t)
				}
			}
		case "harvest":
			if p := chronicle.Str(e.Data, "player"); p != "" {
				if n, ok := chronicle.Int(e.Data, "silver"); ok {
					silver.Set(p, max(round, 1), Roman(max(round, 1)), silver.Last(p)+float64(n))
				}
			}
		case "gold":
			if n, ok := chronicle.Int(e.Data, "gold"); ok {
				for _, p := range names {
					silver.Set(p, max(round, 1), Roman(max(round, 1)), silver.Last(p)+float64(5*n))
				}
				line(e.Text)
			}
		case "event", "voting", "tavern":
			if len(chronicle.Strs(e.Data, "pools")) > 0 {
				tieBreaks = append(tieBreaks, e.Text)
			}
			if e.Type != "tavern" || chronicle.Str(e.Data, "winner") != "" {
				line(e.Text)
			}
		case "battle":
			// Silver a battle gives: the victor's reward ("Bob receives 5
			// Silver Coins (defeating a Pirate Ship)") and the government's
			// support after a first defeated Player Ship.
			var rw mw.Reward
			if chronicle.Decode(e.Data, "reward", &rw) && rw.Player != "" && rw.Silver > 0 {
				silver.Set(rw.Player, max(round, 1), Roman(max(round, 1)), silver.Last(rw.Player)+float64(rw.Silver))
			}
			var pd mw.PlayerDefeat
			if chronicle.Decode(e.Data, "defeat", &pd) && pd.Player != "" && pd.Silver > 0 {
				silver.Set(pd.Player, max(round, 1), Roman(max(round, 1)), silver.Last(pd.Player)+float64(pd.Silver))
			}
			var b Battle
			if !chronicle.Decode(e.Data, "battle", &b) {
				continue
			}
			var res Result
			chronicle.Decode(e.Data, "result", &res)
			bt := battleOf(e, b, res, label)
			st.Battles = append(st.Battles, bt)
			line(bt.Title + ": " + bt.Result)
			if b.Attacker.NPC {
				st.Decisions = append(st.Decisions, chronicle.Decision{Round: label, Who: b.Attacker.ID, Text: chronicle.Short(e.Text, 140)})
			}
		case "npc":
			t := e.Text
			if strings.Contains(t, " moves ") && !strings.Contains(t, "does not move") || strings.HasPrefix(t, "Place ") || strings.Contains(t, "removed") {
				who, _, _ := strings.Cut(t, " ")
				st.Decisions = append(st.Decisions, chronicle.Decision{Round: label, Who: who, Text: chronicle.Short(t, 140)})
			}
		}
	}
	if st.Result != nil {
		st.Result.TieBreaks = tieBreaks
		if len(st.Result.Ranks) == 0 && len(counts) > 0 {
			st.Result.Ranks = islandRanks(counts)
		}
	}
	if sawWind {
		wind.Series = windT.Series()
	} else {
		wind.Note = "Wind Force " + chronicle.NotRecorded
	}
	st.Charts = append(st.Charts, wind,
		chronicle.Chart{ID: "islands", Title: "Captured Islands by player", X: "round", Y: "Captured Islands", Kind: "line", Series: islands.Series(names...)},
		chronicle.Chart{ID: "silver", Title: "Silver received by player (Courier Freighter sales, Gold Coin Rounds, battle rewards, government support)", X: "round", Y: "Silver", Kind: "line", Series: silver.Series(names...),
			Note: "trades, purchases and cards settled at the table are not in the log"})
	return st
}

// ranks reads "Ann 30" totals (already in order) as ranks; equal totals
// share a place.
func ranks(totals []string) []chronicle.Rank {
	var out []chronicle.Rank
	prev := ""
	for _, t := range totals {
		i := strings.LastIndex(t, " ")
		name, score := t, ""
		if i > 0 {
			name, score = t[:i], t[i+1:]
		}
		place := len(out) + 1
		if score == prev && len(out) > 0 {
			place = out[len(out)-1].Place
		}
		prev = score
		votes := score + " Votes"
		if n, err := strconv.Atoi(score); err == nil {
			votes = referee.Count(n, "Vote") // "1 Vote", never "1 Votes"
		}
		out = append(out, chronicle.Rank{Place: place, Name: name, Score: votes})
	}
	return out
}

func battleOf(e referee.Event, b Battle, res Result, round string) chronicle.Battle {
	verb := "attacks"
	if b.Type == mw.Boarding {
		verb = "boards"
	}
	bt := chronicle.Battle{Round: round, Step: e.Step, Title: fmt.Sprintf("%s %s %s (%s)", b.Attacker.Unit.Label(), verb, b.Defender.Unit.Label(), titleType(b.Type))}
	var dice []string
	for _, r := range e.Rolls {
		dice = append(dice, fmt.Sprint(r.Value))
		bt.Entered = bt.Entered || r.Entered
	}
	bt.Dice = strings.Join(dice, ", ")
	switch {
	case res.ToDefender.Defeated && res.ToAttacker.Defeated:
		bt.Result = "both sides are defeated"
	case res.ToDefender.Defeated:
		bt.Result = b.Defender.Unit.Label() + " is defeated"
	case res.ToAttacker.Defeated:
		bt.Result = b.Attacker.Unit.Label() + " is defeated"
	default:
		bt.Result = "neither side is defeated"
	}
	var od struct {
		A, D, Luck *odds.Prob
	}
	var raw map[string]odds.Prob
	if chronicle.Decode(e.Data, "odds", &raw) {
		if p, ok := raw["attacker_defeated"]; ok {
			od.A = &p
		}
		if p, ok := raw["defender_defeated"]; ok {
			od.D = &p
		}
		if p, ok := raw["luck"]; ok {
			od.Luck = &p
		}
	}
	if od.D == nil || od.A == nil {
		bt.OddsNote = "odds " + chronicle.NotRecorded
		return bt
	}
	bt.Odds = []chronicle.Outcome{
		{Label: b.Defender.Unit.Label() + " defeated", P: chronicle.Round3(od.D.Float), Exact: od.D.Exact},
		{Label: b.Attacker.Unit.Label() + " defeated", P: chronicle.Round3(od.A.Float), Exact: od.A.Exact},
	}
	if od.Luck != nil && len(e.Rolls) > 0 { // no dice (a Sea Monster's card): no luck
		l := chronicle.Round3(od.Luck.Float)
		bt.Luck, bt.LuckFor = &l, "attacker"
	}
	return bt
}

// islandRanks ranks the players by the Captured Islands of the last
// end-game check ("Ann 2 (streak 0)"): how an Island Conquest game stood.
func islandRanks(counts []string) []chronicle.Rank {
	type row struct {
		name      string
		n, streak int
	}
	var rows []row
	for _, c := range counts {
		var r row
		name, rest, ok := strings.Cut(c, " (streak ")
		if !ok {
			continue
		}
		i := strings.LastIndex(name, " ")
		if i < 0 {
			continue
		}
		r.name = name[:i]
		fmt.Sscanf(name[i+1:], "%d", &r.n)
		fmt.Sscanf(rest, "%d", &r.streak)
		rows = append(rows, r)
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].n > rows[j].n })
	var out []chronicle.Rank
	for i, r := range rows {
		place := i + 1
		if i > 0 && r.n == rows[i-1].n {
			place = out[i-1].Place
		}
		out = append(out, chronicle.Rank{Place: place, Name: r.name, Score: referee.Count(r.n, "Captured Island"),
			Detail: referee.Count(r.streak, "consecutive Round") + " at the Island Conquest count"})
	}
	return out
}
