package procedure

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// GeneralBonus is the Dice Poker bonus for a General (5 identical dice). The
// rulebook's table omits it; bosun assumes the next step of its 5-point
// ladder (see docs/misty-session.md; tables mwp-tavern).
const GeneralBonus = 35

// PokerScore scores five dice with the assumed General bonus.
func PokerScore(d []int) (string, int) { return PokerScoreWith(d, GeneralBonus) }

// generalBonus reads the General bonus from table mwp-tavern (overridable
// in tables.yaml), else GeneralBonus.
func (r *step) generalBonus() int {
	if r.env.Tables != nil {
		if row, ok := r.env.Tables.Lookup("mwp-tavern", "dice-poker.general"); ok && row.Known() {
			if n, err := referee.ValueInt(row.Value); err == nil {
				return n
			}
		}
	}
	return GeneralBonus
}

// PokerScoreWith scores five dice: the best of the hands the dice make,
// a General scoring general + the sum of the dice.
func PokerScoreWith(d []int, general int) (string, int) {
	cnt := map[int]int{}
	sum := 0
	for _, v := range d {
		cnt[v]++
		sum += v
	}
	best, hand := 0, "nothing"
	try := func(h string, s int) {
		if s > best {
			best, hand = s, h
		}
	}
	var pairs []int
	for v := 6; v >= 1; v-- {
		c := cnt[v]
		if c >= 2 {
			try("pair", 2*v)
			pairs = append(pairs, v)
		}
		if c >= 3 {
			try("three of a kind", 10+3*v)
		}
		if c >= 4 {
			try("four of a kind", 25+4*v)
		}
		if c == 5 {
			try("general", general+sum)
		}
	}
	if len(pairs) >= 2 {
		try("two pairs", 2*pairs[0]+2*pairs[1])
	}
	for a := 6; a >= 1; a-- {
		for b := 6; b >= 1; b-- {
			if a != b && cnt[a] >= 3 && cnt[b] >= 2 {
				try("full house", 20+sum)
			}
		}
	}
	for lo := 1; lo <= 3; lo++ {
		if cnt[lo] > 0 && cnt[lo+1] > 0 && cnt[lo+2] > 0 && cnt[lo+3] > 0 {
			try("straight", 15+4*lo+6)
		}
	}
	for lo := 1; lo <= 2; lo++ {
		if cnt[lo] == 1 && cnt[lo+1] == 1 && cnt[lo+2] == 1 && cnt[lo+3] == 1 && cnt[lo+4] == 1 {
			try("poker", 30+sum)
		}
	}
	return hand, best
}

// FalconPayout splits the pool among the winners: each gets 4 Silver plus an
// equal share; what cannot be split equally is removed.
func FalconPayout(pool, winners int) (each, removed int) {
	if winners == 0 {
		return 0, pool
	}
	return 4 + pool/winners, pool % winners
}

func (r *step) tavernCard(p *PlayerState) error {
	g, err := r.choose("misty.player."+p.Name+".tavern-card", p.Name+": did your ship at the Tavern draw a Tavern game? (none, dice-poker, aged-falcon)", "none", "dice-poker", "aged-falcon")
	if err != nil {
		return err
	}
	switch g {
	case "dice-poker":
		return r.dicePoker(p.Name)
	case "aged-falcon":
		return r.agedFalcon(p.Name)
	}
	return nil
}

// fromLeft returns the players starting at the drawer's left.
func (st *State) fromLeft(drawer string) []string {
	n := len(st.Players)
	idx := 0
	for i, p := range st.Players {
		if p.Name == drawer {
			idx = i
		}
	}
	var out []string
	for i := 1; i <= n; i++ {
		out = append(out, st.Players[(idx+i)%n].Name)
	}
	return out
}

func (r *step) dicePoker(drawer string) error {
	st := r.st
	players := st.fromLeft(drawer)
	die := referee.D(6)
	for hand := 1; hand <= 20; hand++ {
		scores := map[string]int{}
		best := -1
		for _, nm := range players {
			rs, err := r.env.Dice.RollN("misty.poker."+nm+".roll", die, 5)
			if err != nil {
				return err
			}
			d := referee.Values(rs)
			opts := []string{"1", "2", "3", "4", "5", "none"}
			re, err := r.list("misty.poker."+nm+".reroll", fmt.Sprintf("%s rolled %s: which dice (positions 1-5) to re-roll once?", nm, diceText(d[:])), opts)
			if err != nil {
				return err
			}
			if len(re) > 0 {
				nr, err := r.env.Dice.RollN("misty.poker."+nm+".reroll-dice", die, len(re))
				if err != nil {
					return err
				}
				for i, pos := range re {
					k, _ := strconv.Atoi(pos)
					d[k-1] = nr[i].Value
				}
			}
			h, s := PokerScoreWith(d, r.generalBonus())
			scores[nm] = s
			if s > best {
				best = s
			}
			r.emit("tavern", fmt.Sprintf("Dice Poker: %s rolls %s: %s, %s", nm, diceText(d), h, referee.Count(s, "point")), map[string]any{"player": nm, "dice": d, "hand": h, "score": s, "round": hand}, citeDicePoker)
		}
		var top []string
		for _, nm := range players {
			if scores[nm] == best {
				top = append(top, nm)
			}
		}
		if len(top) == 1 {
			r.emit("tavern", fmt.Sprintf("Dice Poker: %s wins (reward as on the Tavern Card)", top[0]), map[string]any{"winner": top[0]}, citeDicePoker)
			return nil
		}
		r.emit("tavern", fmt.Sprintf("Dice Poker: %s tie at %d and play another hand", strings.Join(top, ", "), best), map[string]any{"tied": top}, citeDicePoker)
		players = top
	}
	return nil
}

func (r *step) agedFalcon(drawer string) error {
	st := r.st
	dist, err := r.boardInt("mwp-board", "falcon-distance", referee.Question{
		Key: "misty.board.falcon-distance", Text: "spaces from one Tavern to the other by the shortest route east of the Labyrinth Islands (Shoals included)",
		Kind: referee.KindNumber, Min: 2, Max: 40, Where: "the map"})
	if err != nil {
		return err
	}
	var order []string
	for _, i := range st.order() {
		order = append(order, st.Players[i].Name)
	}
	bets := map[string]string{}
	pool := 0
	var bettors []string
	for _, nm := range order {
		b, err := r.choose("misty.falcon."+nm+".bet", nm+": bet on the 'Falcon' to succeed (5 parsecs or less) or fail? (none: no bet)", "none", "succeed", "fail")
		if err != nil {
			return err
		}
		if b == "none" {
			continue
		}
		stake, err := r.silverAsk("misty.falcon."+nm+".stake", nm+": Silver Coins bet into the pool", "a stake", pool)
		if err != nil {
			return err
		}
		bets[nm] = b
		pool += stake
		bettors = append(bettors, nm)
	}
	betText := "no bets"
	if len(bettors) > 0 {
		var bs []string
		for _, nm := range bettors {
			bs = append(bs, nm+" on "+bets[nm])
		}
		betText = "bets: " + joinAnd(bs)
	}
	r.emit("tavern", fmt.Sprintf("Aged Falcon: %s's Falcon races %s to the other Tavern; %s; pool %d Silver", drawer, referee.Count(dist, "space"), betText, pool), map[string]any{"distance": dist, "bets": bets, "pool": pool}, citeAgedFalcon)
	pos, parsecs := 0, 0
	for pos < dist && parsecs < 100 {
		d, err := r.d6("misty.falcon.roll")
		if err != nil {
			return err
		}
		parsecs++
		pos += d
		nudges := []string{}
		for _, nm := range bettors {
			if pos >= dist {
				break
			}
			n, err := r.choose("misty.falcon."+nm+".nudge", fmt.Sprintf("%s: Falcon at %d of %d after parsec %d: add 1 Silver to move it forward or back?", nm, pos, dist, parsecs), "none", "forward", "back")
			if err != nil {
				return err
			}
			switch n {
			case "forward":
				pos++
				pool++
				nudges = append(nudges, nm+" forward")
			case "back":
				if pos > 0 {
					pos--
				}
				pool++
				nudges = append(nudges, nm+" back")
			}
		}
		r.emit("tavern", fmt.Sprintf("Aged Falcon parsec %d: die %d, at %d of %d%s", parsecs, d, min(pos, dist), dist, nudgeText(nudges)), map[string]any{"parsec": parsecs, "die": d, "pos": pos}, citeAgedFalcon)
	}
	result := "fail"
	if parsecs <= 5 {
		result = "succeed"
	}
	var winners []string
	for _, nm := range bettors {
		if bets[nm] == result {
			winners = append(winners, nm)
		}
	}
	sort.Strings(winners)
	each, removed := FalconPayout(pool, len(winners))
	paid := "no bettor wins"
	switch len(winners) {
	case 0:
	case 1:
		paid = fmt.Sprintf("%s wins %d Silver", winners[0], each)
	default:
		paid = fmt.Sprintf("%s win %d Silver each", joinAnd(winners), each)
	}
	r.emit("tavern", fmt.Sprintf("Aged Falcon reaches the other Tavern in %s: it %ss; %s; %d Silver removed", referee.Count(parsecs, "parsec"), result, paid, removed),
		map[string]any{"parsecs": parsecs, "result": result, "winners": winners, "each": each, "removed": removed, "pool": pool}, citeAgedFalcon)
	return nil
}

func nudgeText(n []string) string {
	if len(n) == 0 {
		return ""
	}
	return " (nudged: " + strings.Join(n, ", ") + ")"
}
