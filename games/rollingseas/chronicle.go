package rollingseas

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/chronicle"
)

// Chronicle implements chronicle.Teller: the turns, the Ambush Sea
// Battles with their exact odds, Captain Ironside's cards, the scores and
// ranks, and the Renown and Story Points charts. Players keep their own
// Renown and Story on paper: bosun knows them only at the final scoring.
func (Game) Chronicle(s *referee.Session, evs []referee.Event) chronicle.Story {
	var st chronicle.Story
	turn, label := 0, "Setup"
	var iron, final chronicle.Tracker
	line := func(t string) { st.Line(label, t) }
	var scores []Score
	for _, e := range evs {
		switch e.Type {
		case "action":
			if n, ok := chronicle.Int(e.Data, "turn"); ok {
				turn, label = n, fmt.Sprintf("Turn %d", n)
			}
		case "adventure", "setup-adventure":
			// A turn opens with its Adventure card, before its action.
			if n, ok := chronicle.Int(e.Data, "turn"); ok && e.Type == "adventure" {
				turn, label = n, fmt.Sprintf("Turn %d", n)
			}
			line(e.Text)
		case "ambush":
			var b Battle
			if chronicle.Decode(e.Data, "battle", &b) {
				st.Battles = append(st.Battles, seaBattle(e, b, label))
			}
			line(e.Text)
		case "ironside":
			var ir struct {
				Story  *int `json:"story"`
				Renown *int `json:"renown"`
			}
			if chronicle.Decode(e.Data, "ironside", &ir) && turn > 0 {
				lab := fmt.Sprint(turn)
				if ir.Renown != nil {
					iron.Set(IronsideName+" Renown", turn, lab, float64(*ir.Renown))
				}
				if ir.Story != nil {
					iron.Set(IronsideName+" Story Points", turn, lab, float64(*ir.Story))
				}
			}
			var bs []Battle
			if chronicle.Decode(e.Data, "battles", &bs) {
				for _, b := range bs {
					st.Battles = append(st.Battles, seaBattle(e, b, label))
				}
			}
			if a := chronicle.Str(e.Data, "action"); a != "" {
				st.Decisions = append(st.Decisions, chronicle.Decision{Round: label, Who: IronsideName, Text: chronicle.Short(e.Text, 160)})
			}
		case "score":
			var sc Score
			if chronicle.Decode(e.Data, "score", &sc) {
				scores = append(scores, sc)
			}
			line(e.Text)
		case "game-over":
			line(e.Text)
			st.Result = &chronicle.Result{Winners: chronicle.Strs(e.Data, "winners"), Why: e.Text}
		}
	}
	if st.Result == nil && len(scores) > 0 {
		st.Result = &chronicle.Result{}
	}
	if st.Result != nil {
		for i, sc := range scores {
			st.Result.Ranks = append(st.Result.Ranks, chronicle.Rank{Place: sc.Place, Name: sc.Name, Score: fmt.Sprintf("%d Renown", sc.Total),
				Detail: fmt.Sprintf("%s; column %d, final story %d, ending port %d, bonus %d, pirates %d; Gold %d, Provisions %d", RankName(sc.Total), sc.Column, sc.FinalStory, sc.EndingPort, sc.Bonus, sc.Pirates, sc.Gold, sc.Provisions)})
			final.Set("Renown", i+1, sc.Name, float64(sc.Total))
			final.Set("Story Points (final)", i+1, sc.Name, float64(sc.FinalStory))
			if i > 0 && sc.Place == scores[i-1].Place {
				st.Result.TieBreaks = append(st.Result.TieBreaks, fmt.Sprintf("%s and %s share place %d (tied on Renown, Gold and Provisions)", scores[i-1].Name, sc.Name, sc.Place))
			} else if i > 0 && sc.Total == scores[i-1].Total {
				st.Result.TieBreaks = append(st.Result.TieBreaks, fmt.Sprintf("%s ahead of %s on %d Renown each: most Gold, then most Provisions (Gold %d vs %d, Provisions %d vs %d)",
					scores[i-1].Name, sc.Name, sc.Total, scores[i-1].Gold, sc.Gold, scores[i-1].Provisions, sc.Provisions))
			}
		}
	}
	ironChart := chronicle.Chart{ID: "ironside", Title: "Captain Ironside: Renown (his column) and Story Points by turn", X: "turn", Y: "points", Kind: "line",
		Series: iron.Series(IronsideName+" Renown", IronsideName+" Story Points")}
	if _, ok := s.Options["ironside"]; ok && ironChart.Empty() {
		ironChart.Note = "Captain Ironside's track " + chronicle.NotRecorded
	}
	st.Charts = append(st.Charts, ironChart, chronicle.Chart{ID: "final", Title: "Final Renown and Story Points by player", X: "player", Y: "points", Kind: "bar",
		Series: final.Series("Renown", "Story Points (final)"),
		Note:   "players keep Renown and Story Points on their own sheets: bosun knows them at the final scoring only"})
	st.Notes = append(st.Notes, "Rolling Seas is a roll-and-write: the players' turn-by-turn Renown and Story Points are on their sheets, not in the log.")
	return st
}

// seaBattle is an Ambush Sea Battle with its exact odds: the attacker's
// die decides on 6 (wins) or 1 (loses), then the defender's the same way,
// then die + Cannons; ties are ties.
func seaBattle(e referee.Event, b Battle, round string) chronicle.Battle {
	bt := chronicle.Battle{Round: round, Step: e.Step, Title: fmt.Sprintf("%s (%s) ambushes %s (%s)", b.Attacker, referee.Count(b.AttackerCannons, "Cannon"), b.Defender, referee.Count(b.DefenderCannons, "Cannon"))}
	dice := []string{fmt.Sprintf("%s %d", b.Attacker, b.AttackerRoll)}
	if b.DefenderRoll > 0 {
		dice = append(dice, fmt.Sprintf("%s %d", b.Defender, b.DefenderRoll))
	}
	bt.Dice = strings.Join(dice, ", ")
	for _, r := range e.Rolls {
		if strings.HasPrefix(r.Key, "rs.ambush.") {
			bt.Entered = bt.Entered || r.Entered
		}
	}
	switch {
	case b.Tie:
		bt.Result = b.How
	default:
		bt.Result = fmt.Sprintf("%s wins: %s", b.Winner, b.How)
	}
	var win, tie, lose int
	var mine int // the actual outcome: 2 attacker wins, 1 tie, 0 loses
	switch {
	case b.Tie:
		mine = 1
	case b.Winner == b.Attacker:
		mine = 2
	}
	for ar := 1; ar <= 6; ar++ {
		for dr := 1; dr <= 6; dr++ {
			x := ResolveBattle("a", "d", b.AttackerCannons, b.DefenderCannons, ar, dr)
			switch {
			case x.Tie:
				tie++
			case x.Winner == "a":
				win++
			default:
				lose++
			}
		}
	}
	bt.Odds = []chronicle.Outcome{
		{Label: b.Attacker + " wins", P: chronicle.Round3(float64(win) / 36), Exact: frac(win, 36)},
		{Label: "tie", P: chronicle.Round3(float64(tie) / 36), Exact: frac(tie, 36)},
		{Label: b.Defender + " wins", P: chronicle.Round3(float64(lose) / 36), Exact: frac(lose, 36)},
	}
	counts := []int{lose, tie, win}
	below := 0
	for i := 0; i < mine; i++ {
		below += counts[i]
	}
	l := chronicle.Round3((float64(below) + float64(counts[mine])/2) / 36)
	bt.Luck, bt.LuckFor = &l, b.Attacker
	return bt
}

func frac(n, d int) string {
	a, b := n, d
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return "0"
	}
	if d/a == 1 {
		return fmt.Sprint(n / a)
	}
	return fmt.Sprintf("%d/%d", n/a, d/a)
}
