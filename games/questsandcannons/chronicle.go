package questsandcannons

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
)

// Chronicle implements chronicle.Teller: the rounds, every attack with the
// exact odds of its damage and the luck of its dots (players' and
// Marauders'), the Marauders' moves, the result, and the Prosperity and
// Marauder charts. Attacks saved before bosun report lack the Ammo Die's
// faces; their odds use a plain d6 (1-6) and say so.
func (Game) Chronicle(s *referee.Session, evs []referee.Event) chronicle.Story {
	var st chronicle.Story
	round, label := 1, "Round 1"
	var pros, mar chronicle.Tracker
	// the mode is the state's, as setup decided it from the options
	cur, err := load(s)
	coop := err == nil && cur.coop()
	line := func(t string) { st.Line(label, t) }
	var teams []string
	sunk, dmg := 0, 0
	lost := false             // a co-op game the Marauders won
	goals := map[string]int{} // each team's Prosperity Goal, from setup
	scoredInRound := false    // a team's Prosperity changed in the round going on
	for _, e := range evs {
		switch e.Type {
		case "setup":
			// Every team is announced at setup with its Prosperity Goal:
			// a team that never gains Prosperity still has its line and
			// its place in the result.
			if t := chronicle.Str(e.Data, "team"); t != "" && !contains(teams, t) {
				if g, ok := chronicle.Int(e.Data, "goal"); ok {
					teams = append(teams, t)
					goals[t] = g
				}
			}
		case "turn":
			if n, ok := chronicle.Int(e.Data, "round"); ok && n != round {
				round, label = n, fmt.Sprintf("Round %d", n)
			}
		case "round-end":
			if n, ok := chronicle.Int(e.Data, "round"); ok {
				for _, t := range teams {
					pros.Set(t, n, fmt.Sprint(n), pros.Last(t))
				}
				if coop {
					mar.Set("Marauders sunk (total)", n, fmt.Sprint(n), float64(sunk))
					mar.Set("damage dealt by Marauders", n, fmt.Sprint(n), float64(dmg))
					dmg = 0
				}
				round, label = n+1, fmt.Sprintf("Round %d", n+1)
				scoredInRound = false
			}
		case "prosperity":
			t := chronicle.Str(e.Data, "team")
			if a, ok := chronicle.Int(e.Data, "after"); ok && t != "" {
				if !contains(teams, t) {
					teams = append(teams, t)
					b, _ := chronicle.Int(e.Data, "before")
					for r := 1; r < round; r++ {
						pros.Set(t, r, fmt.Sprint(r), float64(b))
					}
				}
				pros.Set(t, round, fmt.Sprint(round), float64(a))
				scoredInRound = true
			}
		case "attack", "marauder-attack":
			bt := attackBattle(e, label)
			st.Battles = append(st.Battles, bt)
			line(e.Text)
			if e.Type == "marauder-attack" {
				var res AttackResult
				if chronicle.Decode(e.Data, "result", &res) {
					dmg += res.Damage
				}
				st.Decisions = append(st.Decisions, chronicle.Decision{Round: label, Who: fmt.Sprintf("Marauder %d", intOr(e.Data, "marauder")), Text: chronicle.Short(e.Text, 160)})
			}
		case "marauder-sunk":
			sunk++
			line(e.Text)
		case "marauder-reinforce", "marauder-setup":
			st.Decisions = append(st.Decisions, chronicle.Decision{Round: label, Who: "Marauders", Text: chronicle.Short(e.Text, 160)})
		case "quest", "sink", "goal", "mission", "deliver", "solve":
			line(e.Text)
		case "game-over":
			line(e.Text)
			var r struct {
				Reason  string   `json:"reason"`
				Winners []string `json:"winners"`
				Won     bool     `json:"won"`
			}
			if chronicle.Decode(e.Data, "result", &r) {
				st.Result = &chronicle.Result{Winners: r.Winners, Why: r.Reason}
				if coop && !r.Won {
					// "To defeat the Marauders and win the game, players
					// must complete their personal Mission and reach the
					// Prosperity Goal within 15 rounds": here they did
					// not, so the Marauders won (the report once said "No
					// winner" and "the Marauders win" in one line).
					lost = true
					st.Result.Winners = []string{Marauders}
					st.Result.Why = coopLossWhy(r.Reason)
				}
			}
		}
	}
	// The round the game ended in (or the one going on) has no round-end:
	// every team's line reaches it, not only the teams that scored in it.
	if st.Result != nil || scoredInRound {
		for _, t := range teams {
			pros.Set(t, round, fmt.Sprint(round), pros.Last(t))
		}
		if coop {
			// the Marauders' chart reaches the last round too
			mar.Set("Marauders sunk (total)", round, fmt.Sprint(round), float64(sunk))
			mar.Set("damage dealt by Marauders", round, fmt.Sprint(round), float64(dmg))
		}
	}
	if st.Result != nil {
		type tp struct {
			name string
			p    float64
		}
		var ts []tp
		for _, t := range teams {
			ts = append(ts, tp{t, pros.Last(t)})
		}
		if lost {
			// The Marauders first; the players' team after them with how
			// far it got.
			st.Result.Ranks = append(st.Result.Ranks, chronicle.Rank{Place: 1, Name: Marauders, Score: "won", Detail: "the players did not complete every Mission and reach the Prosperity Goal"})
			for _, t := range ts {
				st.Result.Ranks = append(st.Result.Ranks, chronicle.Rank{Place: 2, Name: t.name, Score: fmt.Sprintf("%d Prosperity", int(t.p)), Detail: coopLossDetail(goals[t.name], int(t.p), st.Result.Why)})
			}
			ts = nil
		}
		sort.SliceStable(ts, func(i, j int) bool { return ts[i].p > ts[j].p })
		for i, t := range ts {
			place := i + 1
			if i > 0 && t.p == ts[i-1].p {
				place = st.Result.Ranks[i-1].Place
			}
			st.Result.Ranks = append(st.Result.Ranks, chronicle.Rank{Place: place, Name: t.name, Score: fmt.Sprintf("%d Prosperity", int(t.p))})
		}
		// a tie-break only when the leaders tied on Prosperity: the Coins
		// decided nothing in a game won 20 to 1 (issue #29)
		if strings.Contains(st.Result.Why, "ties by") && len(ts) > 1 && ts[0].p == ts[1].p {
			st.Result.TieBreaks = append(st.Result.TieBreaks, st.Result.Why)
		}
	}
	st.Charts = append(st.Charts, chronicle.Chart{ID: "prosperity", Title: "Prosperity by round", X: "round", Y: "Prosperity", Kind: "line", Series: pros.Series(teams...)})
	if coop {
		st.Charts = append(st.Charts, chronicle.Chart{ID: "marauders", Title: "Marauders: how many were sunk in all, and the damage they dealt, by round", X: "round", Y: "count", Kind: "bar", Series: mar.Series()})
	}
	return st
}

// Marauders is the winner's name when the Marauders win a co-op game.
const Marauders = "the Marauders"

// coopLossWhy says why the Marauders won a co-op game, from the game's
// reason ("round 15 is over and the Marauders win: the Prosperity Goal
// was not reached; open Missions: ...").
func coopLossWhy(reason string) string {
	why := reason
	for _, cut := range []string{" and the Marauders win:", ", but the Marauders win:"} {
		if a, b, ok := strings.Cut(reason, cut); ok {
			why = a + ":" + b
			break
		}
	}
	return "to win, the players must complete their Missions and reach the Prosperity Goal within " + referee.Count(CoopRounds, "round") + "; " + why
}

// coopLossDetail is a losing co-op team's line: its Prosperity against its
// Goal and the Missions left open.
func coopLossDetail(goal, prosperity int, why string) string {
	d := fmt.Sprintf("Prosperity Goal %d not reached", goal)
	if goal == 0 {
		d = "Prosperity Goal not recorded"
	} else if prosperity >= goal {
		d = fmt.Sprintf("Prosperity Goal %d reached", goal)
	}
	if _, open, ok := strings.Cut(why, "open Missions: "); ok {
		d += "; open Missions: " + open
	}
	return d
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func intOr(d map[string]any, k string) int {
	n, _ := chronicle.Int(d, k)
	return n
}

// attackBattle is an attack with the exact odds of its damage (every
// combination of the Ammo Dice rolled) and the luck of the dots that fell.
func attackBattle(e referee.Event, round string) chronicle.Battle {
	var res AttackResult
	chronicle.Decode(e.Data, "result", &res)
	n := intOr(e.Data, "cannons")
	by := chronicle.Str(e.Data, "attacker")
	target := chronicle.Str(e.Data, "target")
	if m, ok := chronicle.Int(e.Data, "marauder"); ok {
		by = fmt.Sprintf("Marauder %d", m)
	}
	bt := chronicle.Battle{Round: round, Step: e.Step, Title: fmt.Sprintf("%s fires %s at %s", by, referee.Count(n, "Cannon"), target),
		Result: fmt.Sprintf("%s, %d damage", referee.Count(res.Dots, "dot"), res.Damage), LuckFor: by}
	var dice []string
	for _, v := range res.Rolled {
		dice = append(dice, fmt.Sprint(v))
	}
	bt.Dice = strings.Join(dice, ", ")
	for _, r := range e.Rolls {
		bt.Entered = bt.Entered || r.Entered
	}
	var faces []int
	if !chronicle.Decode(e.Data, "faces", &faces) || len(faces) == 0 {
		faces = chronicle.D6
		bt.OddsNote = "Ammo Die faces " + chronicle.NotRecorded + ": odds for a d6 showing 1-6"
	}
	if n <= 0 || n > 8 || len(res.Rolled) != n {
		return bt
	}
	// Enumerate every roll: damage distribution and dots distribution.
	total := 1
	for i := 0; i < n; i++ {
		total *= len(faces)
	}
	byDmg := map[int]int{}
	dots := map[int]*big.Rat{}
	idx := make([]int, n)
	vals := make([]int, n)
	for k := 0; k < total; k++ {
		for i := range idx {
			vals[i] = faces[idx[i]]
		}
		d := Dots(vals)
		byDmg[DamageFromDots(d)]++
		if dots[d] == nil {
			dots[d] = new(big.Rat)
		}
		dots[d].Add(dots[d], big.NewRat(1, int64(total)))
		for i := 0; i < n; i++ {
			idx[i]++
			if idx[i] < len(faces) {
				break
			}
			idx[i] = 0
		}
	}
	var ds []int
	for d := range byDmg {
		ds = append(ds, d)
	}
	sort.Ints(ds)
	for _, d := range ds {
		r := big.NewRat(int64(byDmg[d]), int64(total))
		f, _ := r.Float64()
		bt.Odds = append(bt.Odds, chronicle.Outcome{Label: fmt.Sprintf("%d damage", d), P: chronicle.Round3(f), Exact: r.RatString()})
	}
	l := chronicle.Round3(chronicle.Percentile(dots, Dots(res.Rolled)))
	bt.Luck = &l
	return bt
}
