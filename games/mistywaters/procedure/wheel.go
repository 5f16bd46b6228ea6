package procedure

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// Event Cards bosun runs; any other card is recorded as text.
var EventNames = []string{"another-pirate-ship", "last-transport", "expresso-tropical", "ghost-ship", "terror-from-the-deep", "fog", "other"}

// eventNames are the Event Cards that can be in the deck: the starred
// ('*') expansion events need their components ("Components denoted with a
// * ... can be skipped if your version of Misty Waters does not contain
// them").
func (st *State) eventNames() []string {
	need := map[string][]string{
		"last-transport":    {"last-transport", "caravels"},
		"expresso-tropical": {"silver-freighter"},
		"ghost-ship":        {"flying-dutchman"},
	}
	var out []string
	for _, e := range EventNames {
		ok := true
		for _, c := range need[e] {
			if !st.Opt.has(c) {
				ok = false
			}
		}
		if e == "last-transport" {
			for _, d := range st.Events {
				if d == e { // set on top at setup, drawn in Round II, then returned to the box
					ok = false
				}
			}
		}
		if ok {
			out = append(out, e)
		}
	}
	return out
}

var blackShips = []string{"N", "E", "S", "W"} // clockwise (mwp-board black-ship-order)

func (r *step) phase1() error {
	st := r.st
	w := Wheel(st.Round)
	var kinds []string
	if isEvent(w) {
		kinds = append(kinds, "event")
	}
	if isHarvest(w) {
		kinds = append(kinds, "harvest")
	}
	if isGold(w) {
		kinds = append(kinds, "gold")
	}
	if isPirate(w) {
		kinds = append(kinds, "pirate-movement")
	}
	if st.Round == 12 {
		kinds = append(kinds, "grand-finale")
	}
	words := make([]string, len(kinds)) // the kinds are ids (--json keeps them)
	for i, k := range kinds {
		words[i] = map[string]string{"event": "an Event Round", "harvest": "a Harvest Round", "gold": "a Gold Round", "pirate-movement": "a Pirate Movement Round", "grand-finale": "the Grand Finale"}[k]
		if words[i] == "" {
			words[i] = k
		}
	}
	what := "no special Round"
	if len(words) > 0 {
		what = joinAnd(words)
	}
	r.emit("round", fmt.Sprintf("%s: %s moves the Wheel of Time Marker to %s (%s)", st.roundName(), st.priorityName(), Roman(w), what),
		map[string]any{"round": st.Round, "wheel": w, "priority": st.priorityName(), "kinds": kinds}, citeRounds, citePhase1)
	// Event Cards are considered first; the other effects are simultaneous.
	if isEvent(w) {
		if err := r.drawEvent(); err != nil {
			return err
		}
	}
	if isHarvest(w) {
		if err := r.harvest(); err != nil {
			return err
		}
	}
	if isGold(w) {
		r.emit("gold", "Gold Coin Round: each player receives 1 Gold Coin (5 Silver) into their Treasury", map[string]any{"gold": 1}, citeGoldCoin)
	}
	if st.Round == 12 {
		r.grandFinale("the first Round XII")
	} else if st.Opt.vari("shortened") && st.Opt.ShortGalleass == "next-round" && !st.Galleass && st.totalCaptured() >= 4 {
		r.grandFinale("4 Captured Islands are on the map (Shortened Variant)")
	}
	if isPirate(w) {
		r.emit("wheel", "Pirate Movement Round: all Pirate Ships move in Phase 2", nil, citePirateRounds)
	}
	r.advance()
	return nil
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "no effect"
	}
	return strings.Join(s, ", ")
}

func (st *State) totalCaptured() int {
	t := 0
	for _, p := range st.Players {
		t += p.Captured
	}
	return t
}

func (r *step) grandFinale(why string) {
	st := r.st
	if st.Galleass {
		return
	}
	st.Galleass = true
	if st.Treasure != TreasureX {
		r.emit("wheel", "Grand Finale: a player already took the Conquistadors' Treasure or Galleass, so the conquistadors launch nothing", nil, citeGrandFinale)
		return
	}
	st.Treasure = TreasureGalleass
	st.NPCs = append(st.NPCs, NPC{ID: "galleass", Kind: KindGalleass, Sailors: 10, Treasure: true, Lagoon: true, Appeared: st.Round})
	r.emit("wheel", fmt.Sprintf("Grand Finale (%s): place the Conquistadors' Galleass on the Adjacent Space to the 'X' (or the next unoccupied space along its route), its board with 10 Sailors and the Conquistadors' Treasure in its Cargo Hold; it moves from next Round", why),
		map[string]any{"npc": "galleass", "sailors": 10}, citeGrandFinaleRound, citeGrandFinale)
}

// pirateCapped reports whether the errata forbids another Pirate Ship:
// "If placing the Pirate Ship would cause the total number of them on the
// board to exceed the number of players, shuffle the card back into the
// deck and draw another".
func (st *State) pirateCapped() bool { return st.count(KindPirate)+1 > len(st.Players) }

func (r *step) drawEvent() error {
	st := r.st
	redraw := false
	for {
		var card string
		if st.Opt.has("last-transport") && len(st.Events) == 0 {
			card = "last-transport" // set on top of the deck at setup
		} else {
			opts := st.eventNames()
			text := "which Event Card was drawn?"
			if redraw {
				// The card went back into the deck: should it come up again,
				// it is shuffled back again, until another card is drawn.
				// So the redrawn card is never 'Another Pirate Ship!', and an
				// answers file that repeats it is refused with the reason
				// instead of drawing forever.
				opts = without(opts, "another-pirate-ship")
				text = fmt.Sprintf("'Another Pirate Ship!' cannot be placed: %s %s on the board and the errata allows no more than the number of players (%d), so it was shuffled back into the deck (shuffle it back again each time it comes up); which other Event Card was drawn?",
					referee.Count(st.count(KindPirate), "Pirate Ship"), referee.Noun(st.count(KindPirate), "is", "are"), len(st.Players))
			}
			var err error
			card, err = r.choose("misty.event.card", text, opts...)
			if err != nil {
				return err
			}
		}
		st.Events = append(st.Events, card)
		r.env.Reveal()
		ev := &EventCard{Name: card, Round: st.Round}
		switch card {
		case "another-pirate-ship":
			if st.pirateCapped() {
				r.emit("event", fmt.Sprintf("'Another Pirate Ship!': %s %s on the board and there may not be more than the number of players (%d): shuffle the card back into the deck and draw another",
					referee.Count(st.count(KindPirate), "Pirate Ship"), referee.Noun(st.count(KindPirate), "is", "are"), len(st.Players)), map[string]any{"event": card, "redraw": true}, citeErrata, citeErrataEvents, citeEventCards)
				redraw = true
				continue
			}
			st.Event = ev
			if err := r.anotherPirate(); err != nil {
				return err
			}
		case "last-transport":
			st.Event = ev
			st.NPCs = append(st.NPCs,
				NPC{ID: "caravel-n", Kind: KindCaravel, Appeared: st.Round},
				NPC{ID: "caravel-s", Kind: KindCaravel, Appeared: st.Round})
			r.emit("event", "'The Last Transport': place a Conquistadors' Caravel at Paso del Sur (it follows the white arrows north) and one at Paso del Norte (it follows them in reverse, south); they start moving next Round",
				map[string]any{"event": card, "npcs": []string{"caravel-n", "caravel-s"}}, citeLastTransport, citeCaravels)
		case "expresso-tropical":
			st.Event = ev
			st.NPCs = append(st.NPCs, NPC{ID: "freighter", Kind: KindFreighter, Appeared: st.Round})
			r.emit("event", "'Expresso Tropical': place the Silver Freighter at Paso del Norte (or the next unoccupied space along its route); it follows the white arrows south from next Round",
				map[string]any{"event": card, "npcs": []string{"freighter"}}, citeExpresso, citeFreighter)
		case "ghost-ship":
			st.Event = ev
			st.NPCs = append(st.NPCs, NPC{ID: "dutchman", Kind: KindDutchman, Appeared: st.Round})
			r.emit("event", "'Ghost Ship': place the Flying Dutchman at Paso del Sur, or the next space along its path that is unoccupied and has no Player Ship on an Adjacent Space; it follows the white arrows north from next Round",
				map[string]any{"event": card, "npcs": []string{"dutchman"}}, citeGhostShip, citeDutchman)
		case "terror-from-the-deep":
			st.Event = ev
			if err := r.terror(); err != nil {
				return err
			}
		case "fog":
			ev.Continuing = true
			st.Event = ev
			r.emit("event", "'Fog' is in force until the next Event Card (it ceases to apply while the Wind Force shows It's Clearing Up)", map[string]any{"event": card}, citeEventCards, citeClearingUp)
		default:
			text, err := r.ask(referee.Question{Key: "misty.event.text", Text: "title and text of the Event Card", Kind: referee.KindText})
			if err != nil {
				return err
			}
			cont, err := r.confirm("misty.event.continuing", "does the card show the continuing effect symbol?", referee.NoDefault)
			if err != nil {
				return err
			}
			ev.Text, ev.Continuing = text, cont
			st.Event = ev
			how := "immediate: carry out its text"
			if cont {
				how = "continuing until the next Event Card is drawn"
			}
			r.emit("event", fmt.Sprintf("Event Card %q (%s)", text, how), map[string]any{"event": "other", "text": text, "continuing": cont}, citeEventRounds, citeEventCards)
		}
		return nil
	}
}

func without(in []string, drop string) []string {
	var out []string
	for _, s := range in {
		if s != drop {
			out = append(out, s)
		}
	}
	return out
}

func (r *step) anotherPirate() error {
	st := r.st
	if st.NextPirate > 8 {
		r.emit("event", "'Another Pirate Ship!': all 8 Pirate Ship tokens are in play or trophies; no Pirate Ship is added", nil, citePirateMove)
		return nil
	}
	sp, err := r.choose("misty.event.pirate.space", "which Black Ship space does the card name?", blackShips...)
	if err != nil {
		return err
	}
	start := 0
	for i, b := range blackShips {
		if b == sp {
			start = i
		}
	}
	placed := ""
	for i := 0; i < 4; i++ {
		b := blackShips[(start+i)%4]
		occ, err := r.confirm("misty.board.blackship."+b+".occupied", fmt.Sprintf("is the %s Black Ship space occupied?", b), "no")
		if err != nil {
			return err
		}
		if !occ {
			placed = b
			break
		}
	}
	if placed == "" {
		r.emit("event", "'Another Pirate Ship!': every Black Ship space is occupied; no Pirate Ship is added", map[string]any{"event": "another-pirate-ship"}, citePirateMove)
		return nil
	}
	id := fmt.Sprintf("pirate-%d", st.NextPirate)
	st.NextPirate++
	st.NPCs = append(st.NPCs, NPC{ID: id, Kind: KindPirate, Appeared: st.Round})
	r.emit("event", fmt.Sprintf("'Another Pirate Ship!': place %s on the %s Black Ship space; it makes its extra movement now", id, placed),
		map[string]any{"event": "another-pirate-ship", "npc": id, "space": placed}, citeEventCards, citePirateMove, citeErrata)
	return r.moveNPC(id)
}

func (r *step) terror() error {
	st := r.st
	if on, err := r.inForce("return-to-the-depths"); err != nil {
		return err
	} else if on {
		r.emit("event", "'Terror from the Deep' is ignored: Return to the Depths is in force", nil, citeTerror, citeReturnDepths)
		return nil
	}
	var avail []string
	for _, m := range Monsters {
		if st.npc(m) == nil {
			avail = append(avail, m)
		}
	}
	avail = append(avail, "none")
	ms, err := r.list("misty.event.terror.monsters", "set aside the Sea Adventure Cards with a Sea Monster icon: which monsters, in draw order?", avail)
	if err != nil {
		return err
	}
	if len(ms) == 0 {
		r.emit("event", "'Terror from the Deep': no Sea Monster cards in the deck", nil, citeTerror)
		return nil
	}
	wp, err := r.d6("misty.event.terror.whirlpool")
	if err != nil {
		return err
	}
	r.emit("event", fmt.Sprintf("'Terror from the Deep': %s placed from Whirlpool %d clockwise", strings.Join(ms, ", "), wp), map[string]any{"monsters": ms, "whirlpool": wp}, citeTerror)
	for _, m := range ms {
		opts := []string{"empty", "crate-or-raft", "flying-dutchman"}
		for _, p := range st.Players {
			if len(p.Fleet) > 0 {
				opts = append(opts, p.Name)
			}
		}
		opts = append(opts, st.ids(KindPirate, KindCaravel, KindGalleass, KindFreighter, KindMonster)...)
		occ, err := r.choose(fmt.Sprintf("misty.board.whirlpool.%d.occupant", wp), fmt.Sprintf("what is on Whirlpool %d? (a player's name for a Player Ship)", wp), opts...)
		if err != nil {
			return err
		}
		switch {
		case occ == "flying-dutchman":
			r.emit("npc", fmt.Sprintf("The Flying Dutchman on Whirlpool %d defeats the %s at once", wp, m), map[string]any{"monster": m}, citeTerror, citeDeathZone)
		case st.player(occ) != nil:
			if err := r.addMonster(m); err != nil {
				return err
			}
			r.emit("npc", fmt.Sprintf("The %s rises under %s's ship on Whirlpool %d and attacks at once; %s places it on an Adjacent Space", m, occ, wp, occ), map[string]any{"monster": m, "target": occ}, citeTerror)
			if err := r.monsterAttacksPlayer(m, occ); err != nil {
				return err
			}
		default:
			if occ == "crate-or-raft" {
				st.Whirlpools[wp-1] = ""
			} else if occ != "empty" {
				st.removeNPC(occ)
				r.emit("npc", fmt.Sprintf("%s on Whirlpool %d is removed", occ, wp), map[string]any{"npc": occ}, citeTerror)
			}
			if err := r.addMonster(m); err != nil {
				return err
			}
			r.emit("npc", fmt.Sprintf("Place the %s on Whirlpool %d", m, wp), map[string]any{"monster": m, "whirlpool": wp}, citeTerror)
		}
		wp = wp%6 + 1
	}
	return nil
}

// addMonster puts a Sea Monster on the map; its range comes from its card.
func (r *step) addMonster(m string) error {
	n, err := r.boardInt("mwp-npc", "monster."+m, referee.Question{
		Key: "misty.board.monster." + m + ".range", Text: fmt.Sprintf("the %s's speed on its Sea Adventure Card", m),
		Kind: referee.KindNumber, Min: 1, Max: 12, Where: "the " + m + "'s Sea Adventure Card",
	})
	if err != nil {
		return err
	}
	r.st.NPCs = append(r.st.NPCs, NPC{ID: m, Kind: KindMonster, Monster: m, Range: n, Appeared: r.st.Round})
	return nil
}

func (r *step) harvest() error {
	st := r.st
	r.emit("harvest", "Harvest Round: each built Mine produces a Crate and each Plantation a Barrel on its Captured Island (at most 3 Barrels and 3 Crates per island)", nil, citeHarvest)
	built := map[string]int{} // Mines and Plantations the players before named
	for _, i := range st.order() {
		p := &st.Players[i]
		if p.Captured == 0 {
			continue
		}
		// "Each island is limited to 1 token of each type of infrastructure and
		// also each type of infrastructure is limited to 3 tokens for the entire map."
		most := min(p.Captured, 3)
		refuse := func(kind string) func(int) error {
			return func(n int) error {
				switch {
				case n > p.Captured:
					return referee.RuleError([]string{citeInfrastructure}, "misty: %s has %s and \"Each island is limited to 1 token of each type of infrastructure\": at most %s (accepted: 0-%d)", p.Name, referee.Count(p.Captured, "Captured Island"), referee.Count(p.Captured, strings.TrimSuffix(kind, "s")), most)
				case built[kind]+n > 3:
					return referee.RuleError([]string{citeInfrastructure, citeCompInfra}, "misty: %d %s would make %d on the map with the other players', but \"each type of infrastructure is limited to 3 tokens for the entire map\" (accepted: at most %d)", n, kind, built[kind]+n, max(3-built[kind], 0))
				}
				return nil
			}
		}
		// The rules leave at most one per Captured Island and 3 on the map
		// with the others' answers (refused with the reason inside the
		// question); with nothing left the count is 0 and not asked.
		count := func(kind, key string) (int, error) {
			hi := min(most, max(3-built[kind], 0))
			if hi == 0 {
				return 0, nil
			}
			return r.numberRule("misty.harvest."+p.Name+"."+key, fmt.Sprintf("%s: how many %s are built on your Captured Islands?", p.Name, kind), 0, 3, refuse(kind))
		}
		mines, err := count("Mines", "mines")
		if err != nil {
			return err
		}
		plants, err := count("Plantations", "plantations")
		if err != nil {
			return err
		}
		built["Mines"] += mines
		built["Plantations"] += plants
		if mines+plants == 0 {
			continue
		}
		soldC, soldB := 0, 0
		if mines > 0 {
			if soldC, err = r.number("misty.harvest."+p.Name+".sold-crates", p.Name+": how many of the new Crates go by a Free Trade Route (Port within 10 free spaces of a Tavern) and are sold now?", 0, mines); err != nil {
				return err
			}
		}
		if plants > 0 {
			if soldB, err = r.number("misty.harvest."+p.Name+".sold-barrels", p.Name+": how many of the new Barrels go by a Free Trade Route and are sold now?", 0, plants); err != nil {
				return err
			}
		}
		silver := 3*soldC + 2*soldB
		r.emit("harvest", fmt.Sprintf("%s: %s and %s produced; %s and %s sold by the Courier Freighter for %d Silver; place the rest on the islands (max 3 of each per island)",
			p.Name, referee.Count(mines, "Crate"), referee.Count(plants, "Barrel"), referee.Count(soldC, "Crate"), referee.Count(soldB, "Barrel"), silver),
			map[string]any{"player": p.Name, "crates": mines, "barrels": plants, "sold_crates": soldC, "sold_barrels": soldB, "silver": silver}, citeHarvest, citeFreeTradeRoute)
	}
	return nil
}
