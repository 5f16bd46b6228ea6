package atraxia

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
)

// Chronicle implements chronicle.Teller: the rounds, the battles (pirate
// battles with their exact odds: the pirate fleet is 15 + two pirate dice,
// ties go to the attacker), the pirates' and privateers' part, the final
// scoring with its tie-breaks, and the Magic Crystals, fleet strength and
// countdown charts. The crystals and strength are those at the start of
// each clan's turn (saves from before bosun report lack them).
func (Game) Chronicle(s *referee.Session, evs []referee.Event) chronicle.Story {
	var st chronicle.Story
	round, label := 0, "Setup"
	var crystals, strength, count chronicle.Tracker
	var names []string
	for _, p := range s.Players {
		names = append(names, p.Name)
	}
	line := func(t string) { st.Line(label, t) }
	recorded := false
	for _, e := range evs {
		switch e.Type {
		case "turn":
			if n, ok := chronicle.Int(e.Data, "round"); ok {
				round, label = n, fmt.Sprintf("Round %d", n)
			}
			p := chronicle.Str(e.Data, "player")
			if c, ok := chronicle.Int(e.Data, "crystals"); ok {
				recorded = true
				crystals.Set(p, round, fmt.Sprint(round), float64(c))
			}
			if v, ok := chronicle.Int(e.Data, "strength"); ok {
				strength.Set(p, round, fmt.Sprint(round), float64(v))
			}
			if c, ok := chronicle.Int(e.Data, "countdown"); ok && c > 0 {
				count.Set("countdown", round, fmt.Sprint(round), float64(c))
			}
		case "countdown":
			line(e.Text)
			if c, ok := chronicle.Int(e.Data, "countdown"); ok {
				// "End of round 2: move the turn tracker to 4": the rounds
				// left from round 3 on (the chart once drew it under round
				// 2, and the last round twice)
				at := max(round, 1)
				if n, ok := chronicle.Int(e.Data, "round"); ok {
					at = n + 1
				}
				count.Set("countdown", at, fmt.Sprint(at), float64(c))
			}
		case "pirate-battle", "privateer-battle", "battle":
			st.Battles = append(st.Battles, fleetBattle(e, label))
			line(e.Text)
			if e.Type != "battle" {
				st.Decisions = append(st.Decisions, chronicle.Decision{Round: label, Who: map[string]string{"pirate-battle": "pirate", "privateer-battle": "privateer"}[e.Type], Text: chronicle.Short(e.Text, 160)})
			}
		case "privateer-block", "privateer-defends", "privateer-hired", "ransom":
			st.Decisions = append(st.Decisions, chronicle.Decision{Round: label, Who: "privateer", Text: chronicle.Short(e.Text, 160)})
			line(e.Text)
		case "isle", "isle-lost", "upkeep", "battle-result", "round-end":
			line(e.Text)
			// The tracker on 1 at the end of a round: that was the last
			// round, and the countdown reaches 0 (the chart once stopped
			// at 1 round left after the last round).
			if n, ok := chronicle.Int(e.Data, "round"); ok && e.Type == "round-end" && count.Last("countdown") == 1 {
				count.Set("countdown", n+1, "end", 0)
			}
		case "final-scoring":
			line(e.Text)
			var sc []Score
			if chronicle.Decode(e.Data, "scores", &sc) {
				if st.Result == nil {
					st.Result = &chronicle.Result{}
				}
				end := round + 1
				for i, x := range sc {
					st.Result.Ranks = append(st.Result.Ranks, chronicle.Rank{Place: x.Rank, Name: x.Player, Score: referee.Count(x.Crystals, "Magic Crystal"),
						Detail: fmt.Sprintf("%s clan; %s, fleet strength %d", x.Clan, LocationsText(x, sc), x.Strength)})
					crystals.Set(x.Player, end, "end", float64(x.Crystals))
					strength.Set(x.Player, end, "end", float64(x.Strength))
					if i > 0 && x.Crystals == sc[i-1].Crystals {
						prev := sc[i-1]
						switch {
						case x.Rank == prev.Rank:
							st.Result.TieBreaks = append(st.Result.TieBreaks, fmt.Sprintf("%s and %s tie on crystals, locations and strength and share rank %d", prev.Player, x.Player, x.Rank))
						case x.Locations != prev.Locations:
							st.Result.TieBreaks = append(st.Result.TieBreaks, fmt.Sprintf("%s ahead of %s on %s each: more locations (%d vs %d)", prev.Player, x.Player, referee.Count(x.Crystals, "crystal"), prev.Locations, x.Locations))
						default:
							st.Result.TieBreaks = append(st.Result.TieBreaks, fmt.Sprintf("%s ahead of %s on %s and %s each: higher fleet strength (%d vs %d)", prev.Player, x.Player, referee.Count(x.Crystals, "crystal"), referee.Count(x.Locations, "location"), prev.Strength, x.Strength))
						}
					}
				}
			}
		case "game-over":
			line(e.Text)
			if st.Result == nil {
				st.Result = &chronicle.Result{}
			}
			st.Result.Winners, st.Result.Why = chronicle.Strs(e.Data, "winners"), e.Text
		}
	}
	cc := chronicle.Chart{ID: "crystals", Title: "Magic Crystals held, not mounted, by clan (start of each turn; end: final scoring)", X: "round", Y: "Magic Crystals", Kind: "line", Series: crystals.Series(names...),
		Note: "the crystals a clan holds unmounted, as the final scoring counts them: a crystal won and mounted in the same turn never shows"}
	sc := chronicle.Chart{ID: "strength", Title: "Fleet strength on the board by clan", X: "round", Y: "strength", Kind: "line", Series: strength.Series(names...)}
	if !recorded {
		cc.Series, sc.Series = nil, nil // only the final scoring's values: no track to draw
		cc.Note = "Magic Crystals by round " + chronicle.NotRecorded
		sc.Note = "fleet strength by round " + chronicle.NotRecorded
	}
	cd := chronicle.Chart{ID: "countdown", Title: "End-game countdown (turn tracker)", X: "round", Y: "rounds left", Kind: "bar", Series: count.Series()}
	if cd.Empty() {
		cd.Note = "the countdown did not start"
	}
	st.Charts = append(st.Charts, cc, sc, cd)
	return st
}

// fleetBattle reads a battle event: the totals, the winner, and for a
// pirate battle the exact odds of the two pirate dice and their luck.
func fleetBattle(e referee.Event, round string) chronicle.Battle {
	bt := chronicle.Battle{Round: round, Step: e.Step, Title: chronicle.Short(strings.SplitN(e.Text, ":", 2)[0], 80)}
	var in BattleInput
	var res BattleResult
	chronicle.Decode(e.Data, "input", &in)
	okRes := chronicle.Decode(e.Data, "result", &res)
	who := chronicle.Str(e.Data, "player")
	if who == "" {
		who = chronicle.Str(e.Data, "attacker")
	}
	if !okRes {
		bt.Result = chronicle.Short(e.Text, 140)
		return bt
	}
	winner := map[string]string{"attacker": "the attacker", "defender": "the defender"}[res.Winner]
	if res.Winner == "defender" && in.Pirate {
		winner = "the pirate"
	} else if res.Winner == "defender" && e.Type == "privateer-battle" {
		winner = "the privateer"
	} else if d := chronicle.Str(e.Data, "defender"); res.Winner == "defender" && d != "" {
		winner = d
	}
	if res.Winner == "attacker" && who != "" {
		winner = who
	}
	bt.Result = fmt.Sprintf("%d against %d: %s wins", res.Attacker.Total, res.Defender.Total, winner)
	var dice []string
	for _, r := range e.Rolls {
		dice = append(dice, fmt.Sprint(r.Value))
		bt.Entered = bt.Entered || r.Entered
	}
	if len(in.PirateRolls) > 0 {
		dice = dice[:0]
		for _, v := range in.PirateRolls {
			dice = append(dice, fmt.Sprint(v))
		}
		sum := 0
		for _, v := range in.PirateRolls {
			sum += v
		}
		base := res.Defender.Total - sum
		dist := chronicle.SumDist(chronicle.D6, len(in.PirateRolls))
		// The attacker wins when its total is at least the pirate's: the
		// pirate dice must sum to at most attacker - base.
		pLose, exLose := chronicle.PAtLeast(dist, res.Attacker.Total-base+1)
		win := 1 - pLose
		bt.Odds = []chronicle.Outcome{
			{Label: who + " wins", P: chronicle.Round3(win), Exact: oneMinus(exLose)},
			{Label: "the pirate wins", P: chronicle.Round3(pLose), Exact: exLose},
		}
		l := chronicle.Round3(1 - chronicle.Percentile(dist, sum)) // low pirate dice are the attacker's luck
		bt.Luck, bt.LuckFor = &l, who
	} else {
		bt.OddsNote = "no dice: fleet strength, Ammo and Power cards decide"
	}
	bt.Dice = strings.Join(dice, ", ")
	return bt
}

func oneMinus(exact string) string {
	var n, d int
	if _, err := fmt.Sscanf(exact, "%d/%d", &n, &d); err == nil && d > 0 {
		return fmt.Sprintf("%d/%d", d-n, d)
	}
	switch exact {
	case "0":
		return "1"
	case "1":
		return "0"
	}
	return ""
}
