package procedure

import (
	"fmt"
	"strconv"
	"strings"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
)

func (r *step) phase4() error {
	st := r.st
	n := len(st.Players)
	limit := 7
	cites := []string{citePhase4, citeHandLimit}
	if st.Opt.adv("extra-cards") {
		limit = 9
		cites = append(cites, citeExtraCards)
	}
	var order []string
	for _, i := range st.order() {
		order = append(order, st.Players[i].Name)
	}
	text := ""
	if st.Opt.vari("simplified") {
		text = fmt.Sprintf("Simplified Variant: starting with %s, each player draws the top Action Card of the Deck or the top face-up card of the Discard Pile", st.priorityName())
		cites = append(cites, citeSimplified)
	} else {
		text = fmt.Sprintf("%s draws %s as the drafted pool; in turn order (%s) each player takes 1 (or the top card of the Discard Pile) and passes the rest left; %s discards the remaining cards face-up",
			st.priorityName(), referee.Count(n+1, "Action Card"), strings.Join(order, ", "), order[len(order)-1])
		if st.Opt.adv("extra-cards") {
			text += "; a player may spend Experience Tokens for extra cards from the pool or Discard Pile (the next player replenishes the pool from the Deck for each extra drafted card)"
		}
	}
	text += fmt.Sprintf("; hand limit %d: discard down to it at once", limit)
	r.emit("phase", fmt.Sprintf("%s: %s", phaseNames[PhaseDraw], text), map[string]any{"phase": 4, "pool": n + 1, "order": order, "hand_limit": limit}, cites...)
	r.advance()
	return nil
}

func (r *step) phase5() error {
	st := r.st
	if st.Queue == nil {
		for _, i := range st.order() {
			st.Queue = append(st.Queue, st.Players[i].Name)
		}
		r.emit("phase", fmt.Sprintf("%s: %s (each player: Movement, then Attacks, then Actions)", phaseNames[PhaseTurns], strings.Join(st.Queue, ", ")), map[string]any{"phase": 5, "order": st.Queue}, citePhase5)
	}
	name := st.Queue[0]
	st.Queue = st.Queue[1:]
	st.current = name
	defer func() { st.current = "" }()
	if err := r.turn(st.player(name)); err != nil {
		return err
	}
	if st.Phase == PhaseOver {
		return nil
	}
	if len(st.Queue) == 0 {
		r.advance()
	}
	return nil
}

// TavernFee is the Silver a ship pays to stay at a Tavern for its k-th Round
// there: the first Round is free, the second costs 1, and each further Round
// twice the previous one.
func TavernFee(k int) int {
	if k <= 1 {
		return 0
	}
	return 1 << (k - 2)
}

// seaRanges lists each ship's Maximum Range At Sea with the wind's speed
// modification mod. A ship whose speed the rulebook's Ship Type Summary does
// not give (a Galleon, a Heavy Frigate...) is printed on its ship board only,
// and bosun never asks for it, so the line says the speed is not known and
// where to read it, rather than a number that reads like a speed of 0.
func seaRanges(fleet []string, mod int) []string {
	var ranges []string
	for _, t := range fleet {
		if sp, ok := ShipSpeeds[t]; ok {
			ranges = append(ranges, fmt.Sprintf("%s %d", shipTitle(t), MaxRange(sp, false, false, true, mod, false)))
		} else {
			ranges = append(ranges, fmt.Sprintf("%s: speed not known yet (bosun does not ask for it: take the Ship Speed on its ship board, with the changes that follow)", shipTitle(t)))
		}
	}
	return ranges
}

func (r *step) turn(p *PlayerState) error {
	st := r.st
	mod, err := r.speedMod()
	if err != nil {
		return err
	}
	ranges := seaRanges(p.Fleet, mod)
	var text string
	if len(p.Fleet) == 0 {
		// "This will cause a player to miss a Round worth of Player Ship
		// movement and attack regardless of when in a Round a ship is defeated."
		text = fmt.Sprintf("%s's turn: %s has no Player Ship on the map, so no ship moves or attacks this turn", p.Name, p.Name)
		if st.mayHaveFort(p.Name) {
			text += " (a Fort may still attack)"
		}
		text += "; Action: place a new ship at your Base (bosun asks which)"
		r.emit("turn", text, map[string]any{"player": p.Name, "fleet": p.Fleet}, citePlayerMove, citeDefeatedShips)
	} else {
		text = fmt.Sprintf("%s's turn: 1 Movement, 2 Attacks, 3 Actions. Ships afloat: %s. Maximum Range At Sea: %s (ship speed %+d wind; +1 with a Captain, -1 with no Sailors, at most 3 in or out of the Red Water Lagoon and entering it ends the move, never below 1)",
			p.Name, fleetText(p.Fleet), strings.Join(ranges, ", "), mod)
		if st.npc("dutchman") != nil {
			text += "; the Flying Dutchman's Death Zone removes any ship that starts, passes or stops next to it"
		}
		r.emit("turn", text, map[string]any{"player": p.Name, "speed_mod": mod, "wind": st.Wind, "fleet": p.Fleet}, citePlayerMove, citeMaximumRange, citeWindSails)
	}

	// Death Zone in Phase 5: "This 'death zone' ability also applies when
	// other ships or Sea Monsters are moving on their turns. They are
	// immediately removed if they start, move through, or stop on an
	// Adjacent Space to the Flying Dutchman*." Each Player Ship moves on
	// its own ("players complete movement with each Player Ship
	// separately"), so the question is asked for each ship's move, as it is
	// for each NPC's.
	if len(p.Fleet) > 0 && st.npc("dutchman") != nil {
		for _, code := range append([]string(nil), p.Fleet...) {
			if !p.hasShip(code) {
				continue
			}
			dz, err := r.confirm("misty.player."+p.Name+"."+shipType(code)+".deathzone",
				fmt.Sprintf("%s's %s: did it start, move through or stop next to the Flying Dutchman in its move this turn?", p.Name, shipTitle(code)), "no")
			if err != nil {
				return err
			}
			if dz {
				if err := r.dutchmanTakes(p, code); err != nil {
					return err
				}
			}
		}
	}
	if err := r.playerAttacks(p); err != nil {
		return err
	}
	if err := r.newShip(p); err != nil {
		return err
	}
	if len(p.Fleet) > 0 {
		if err := r.ports(p); err != nil {
			return err
		}
	} else {
		p.Tavern, p.TavernFee, p.Foreign = 0, 0, 0
	}
	// The Captured Islands each player controls are asked in Phase 6, not
	// here: an island may be re-Captured later in the Round by a player
	// whose turn comes after this one.
	if err := r.treasureStep(p); err != nil {
		return err
	}
	p.endTurnFleet()
	return nil
}

// capturedAtReset asks, at Phase 6 Step 2, how many Captured Islands each
// player controls now ("If a player loses control of a Captured Island,
// they can still qualify as long as they've gained control back of it or
// another island before Phase 6 in each Round").
func (r *step) capturedAtReset() error {
	st := r.st
	// Only a Main Island is Captured ("Capture the Main Island by removing
	// the island's final Exploration Card") and "There are 6 large Main
	// Islands": the players' counts together are at most 6.
	others := 0
	for _, i := range st.order() {
		p := &st.Players[i]
		refuse := func(c int) error {
			if others+c > MainIslands {
				return referee.RuleError([]string{citeMainIslands, citeCapturing}, "misty: %s's %s would make %d with the other players' answers, but only a Main Island is Captured and \"There are 6 large Main Islands\" (accepted: at most %d)",
					p.Name, referee.Count(c, "Captured Island"), others+c, max(MainIslands-others, 0))
			}
			return nil
		}
		// With every Main Island counted by the players before, the
		// count can only be 0: it is not asked.
		if MainIslands-others <= 0 {
			if p.Captured != 0 {
				r.emit("endgame", fmt.Sprintf("%s now controls 0 Captured Islands (was %d): the other players control all %s", p.Name, p.Captured, referee.Count(MainIslands, "Main Island")), map[string]any{"player": p.Name, "captured": 0, "was": p.Captured}, citeCapturing, citeMainIslands)
				p.Captured = 0
			}
			continue
		}
		// The count rarely changes: what bosun last learned (the last
		// answer, or 0) is the default, so Enter keeps it.
		a, err := r.ask(referee.Question{Key: "misty.player." + p.Name + ".captured", Kind: referee.KindNumber, Min: 0, Max: MainIslands, Default: strconv.Itoa(min(p.Captured, MainIslands-others)),
			Text: p.Name + ": how many Captured Islands do you control now, at the end of the Round?",
			Check: func(a string) (string, error) {
				c, err := strconv.Atoi(a)
				if err != nil {
					return a, err
				}
				return a, refuse(c)
			}})
		if err != nil {
			return err
		}
		c, err := strconv.Atoi(a)
		if err != nil {
			return err
		}
		if err := refuse(c); err != nil {
			return err
		}
		others += c
		if c != p.Captured {
			r.emit("endgame", fmt.Sprintf("%s now controls %s (was %d)", p.Name, referee.Count(c, "Captured Island"), p.Captured), map[string]any{"player": p.Name, "captured": c, "was": p.Captured}, citeCapturing, citeCheckEndGame)
			p.Captured = c
		}
	}
	// Shortened Variant: "The Conquistadors' Galleass will appear and begin
	// its escape when there are 4 Captured Islands in total on the map".
	// bosun learns the counts here, so with shortened-galleass=at-once the
	// Galleass appears now (and moves from next Round); next-round places
	// it at the start of the next Round instead.
	if st.Opt.vari("shortened") && st.Opt.ShortGalleass != "next-round" && !st.Galleass && st.totalCaptured() >= 4 {
		r.grandFinale("4 Captured Islands are on the map (Shortened Variant)")
	}
	return nil
}

// playerAttacks is Step 2 of a player's turn: each attack the player
// declares (target, attacking unit, battle type) is checked and resolved by
// the battle engine.
//
// "An attack is not mandatory, and each Player Ship and Fort may only
// choose to attack once per Phase 5". Every rule that can refuse an attack
// lives in a question: the targets offered are those a unit of the player
// that has not attacked yet may attack (a Fort only an opponent Player
// Ship, Pirate Ship, other NPC Ship or Sea Monster); the attack-with
// choice offers only units that have not attacked; the attacker's unit
// spec is refused in its own question when that ship already attacked or
// when the rules allow neither battle against the defender just described
// (Wind Force, location, Pirate Ship boarding). When no unit is left to
// attack, the attack question is not asked.
func (r *step) playerAttacks(p *PlayerState) error {
	st := r.st
	fort := st.mayHaveFort(p.Name)
	if len(p.Fleet) == 0 && !fort {
		r.emit("turn", fmt.Sprintf("%s has no Player Ship on the map and no Fort: no attacks", p.Name), map[string]any{"player": p.Name}, citePlayerAttacks, citeDefeatedShips)
		return nil
	}
	attacked := map[string]string{} // unit ("fort" or a ship code) -> the target it attacked
	// Targets whose spec showed no unit of the player may attack them (a
	// Player Ship at a Tavern...): the attack question is asked again
	// without them, keeping the step's other answers and dice.
	refused := map[string]bool{}
	for {
		var shipsLeft []string
		for _, f := range p.Fleet {
			if _, ok := attacked[f]; !ok {
				shipsLeft = append(shipsLeft, f)
			}
		}
		_, fortDone := attacked["fort"]
		ships, fortLeft := len(shipsLeft) > 0, fort && !fortDone
		if !ships && !fortLeft {
			if len(attacked) > 0 {
				r.emit("turn", fmt.Sprintf("%s: every unit of yours that could attack has attacked this turn (each Player Ship and Fort may only choose to attack once per Phase 5)", p.Name), map[string]any{"player": p.Name}, citePlayerAttacks)
			}
			return nil
		}
		var opts []string
		for _, o := range r.attackTargets(p, ships, fortLeft) {
			if !refused[o] {
				opts = append(opts, o)
			}
		}
		if len(opts) == 1 {
			r.emit("turn", fmt.Sprintf("%s: no target on the map that a unit of yours may attack", p.Name), map[string]any{"player": p.Name}, citePlayerAttacks)
			return nil
		}
		what := "a Player Ship or Fort of yours"
		switch {
		case !ships:
			what = "your Fort (you have no Player Ship on the map that has not attacked)"
			if len(p.Fleet) == 0 {
				what = "your Fort (you have no Player Ship on the map)"
			}
		case !fortLeft:
			what = "a Player Ship of yours (" + fleetText(shipsLeft) + ")"
		}
		if len(attacked) > 0 {
			what += " that has not attacked yet"
		}
		t, err := r.choose("misty.player."+p.Name+".attack", fmt.Sprintf("%s: does %s attack? (none; an NPC; %s for another player's Player Ship; NAME-fort for their Fort, NAME-militia for their Plantation with a Militia)", p.Name, what, "NAME or NAME-TYPE"), opts...)
		if err != nil {
			return err
		}
		if t == "none" {
			return nil
		}
		def, err := r.candidate(t)
		if err != nil {
			return err
		}
		// The defender's spec may show the target cannot be attacked by any
		// unit of the player (it is at a Tavern, at a Base, protected by a
		// Fort at the Docks): the target, the earlier answer, is what is
		// impossible, so it is asked again (without it), not refused later.
		if why := r.unattackable(p, def.Unit, t, ships, fortLeft); why != "" {
			refused[t] = true
			if code := unitCode(def.Unit); def.Player != "" && code != "" {
				refused[def.Player+"-"+shipType(code)] = true // the same ship by its type
			}
			r.emit("turn", fmt.Sprintf("%s: %s cannot be attacked by a unit of yours (%s); choose another target, or none", p.Name, def.Unit.Label(), why), map[string]any{"player": p.Name, "target": t, "refused": why}, citePlayerAttacks, citeSelectTarget)
			continue
		}
		with := "ship"
		if !ships {
			with = "fort"
		}
		if ships && fortLeft && fortMayAttack(def.Unit.Kind) {
			// A Fort attacks an opponent Player Ship, Pirate Ship, other NPC
			// Ship or Sea Monster: asked only when both could attack.
			if with, err = r.choose("misty.player."+p.Name+".attack-with", fmt.Sprintf("%s: which of your units attacks %s? (ship: a Player Ship; fort: your Fort on an Adjacent Space)", p.Name, t), "ship", "fort"); err != nil {
				return err
			}
		}
		// The Wind Force boxes the rules may read are learned before the
		// spec is asked, so its check asks nothing (it reads them only).
		if err := r.knowBattleBoxes(with, def.Unit); err != nil {
			return err
		}
		o := r.battleOptions()
		known := o
		known.Boxes = knownBoxes{r}
		rule := func(u mw.Unit) error {
			unit := "fort"
			if with == "ship" {
				unit = unitCode(u)
			}
			if prev, ok := attacked[unit]; ok {
				return referee.RuleError([]string{citePlayerAttacks}, "mistywaters: %s already attacked %s this turn: each Player Ship and Fort may only choose to attack once per Phase 5; accepted: a spec of a unit of yours that has not attacked (%s)", u.Label(), prev, strings.Join(unitsLeft(shipsLeft, fortLeft && with == "fort"), ", "))
			}
			_, err := r.attackTypes(u, def.Unit, t, known)
			return err
		}
		att, err := r.playerShip(p.Name, with, "", rule, &def.Unit)
		if err != nil {
			return err
		}
		unit := with
		if with == "ship" {
			unit = unitCode(att.Unit)
		}
		attacked[unit] = t
		types, err := r.attackTypes(att.Unit, def.Unit, t, o)
		if err != nil {
			return err
		}
		typ := types[0]
		if len(types) == 2 {
			a, err := r.choose("misty.player."+p.Name+".attack-type", fmt.Sprintf("%s: Broadside or Boarding Battle against %s?", p.Name, t), Broadside, Boarding)
			if err != nil {
				return err
			}
			typ = mw.BattleType(a)
		}
		r.emit("battle", fmt.Sprintf("%s attacks %s by %s Battle", att.Unit.Label(), def.Unit.Label(), titleType(typ)), map[string]any{"attacker": p.Name, "with": with, "defender": t, "type": typ}, citePlayerAttacks, citeSelectTarget, citeBattleType)
		if _, err := r.fight(Battle{Key: "misty.battle." + p.Name + "." + t, Type: typ, Attacker: att, Defender: def, Options: o, Cites: []string{citePlayerAttacks}}); err != nil {
			return err
		}
	}
}

// unattackable says why no unit of p that may still attack could attack
// def (target name t) wherever it is stopped, or "" when one could (or
// when bosun cannot tell yet: a Wind Force box not given). It tries a
// Player Ship of p at each location and p's Fort.
func (r *step) unattackable(p *PlayerState, def mw.Unit, t string, ships, fort bool) string {
	o := r.battleOptions()
	o.Boxes = knownBoxes{r}
	team := ""
	if n := r.st.team(p.Name); n > 0 {
		team = fmt.Sprint(n)
	}
	var probes []mw.Unit
	if ships {
		for _, loc := range mw.Locations {
			probes = append(probes, mw.Unit{Kind: mw.KindShip, ShipType: "sloop", Owner: p.Name, Team: team, Location: loc, Cannons: 1, Sailors: 1})
		}
	}
	if fort && fortMayAttack(def.Kind) {
		probes = append(probes, mw.Unit{Kind: mw.KindFort, Owner: p.Name, Team: team, Location: mw.Land})
	}
	why := ""
	for _, u := range probes {
		_, err := r.attackTypes(u, def, t, o)
		if err == nil {
			return ""
		}
		msg, _, ok := refusal(err)
		if !ok {
			return "" // not a rule (a box not known yet): let the spec's check judge
		}
		if why == "" {
			why = msg
		}
	}
	return why
}

// unitsLeft names the units of a player that may still attack.
func unitsLeft(ships []string, fort bool) []string {
	var out []string
	for _, f := range ships {
		out = append(out, shipTitle(f))
	}
	if fort {
		out = append(out, "fort")
	}
	if len(out) == 0 {
		out = append(out, "none")
	}
	return out
}

// fortMayAttack: "A Fort can attack an opponent's Player Ship, a Pirate
// Ship, other NPC Ship, or Sea Monster".
func fortMayAttack(k mw.Kind) bool {
	switch k {
	case mw.KindShip, mw.KindGalleass, mw.KindPirate, mw.KindCaravel, mw.KindFreighter, mw.KindMonster:
		return true
	}
	return false
}

// attackTargets lists the targets a player's units that have not attacked
// may attack: NPCs, the Last Day Temple, other players' Player Ships, and
// (for a Player Ship only) their Forts and Militias; with only a Fort left,
// only what a Fort may attack.
func (r *step) attackTargets(p *PlayerState, ships, fort bool) []string {
	st := r.st
	opts := []string{"none"}
	kinds := []string{KindPirate, KindCaravel, KindGalleass, KindFreighter, KindMonster}
	if ships {
		kinds = append(kinds, KindBattery)
	}
	opts = append(opts, st.ids(kinds...)...)
	if st.Temple && ships {
		opts = append(opts, "temple")
	}
	for _, o := range st.Players {
		if o.Name == p.Name {
			continue
		}
		if len(o.Fleet) > 0 {
			opts = append(opts, o.Name)
			opts = append(opts, o.shipTargetIDs()...)
		}
		if ships && st.mayHaveFort(o.Name) {
			// Forts and Militias are attacked by Player Ships only.
			opts = append(opts, o.Name+"-fort")
			if st.Opt.adv("militia") {
				opts = append(opts, o.Name+"-militia")
			}
		}
	}
	return opts
}

// knowBattleBoxes learns the Wind Force boxes the battle rules may read
// (a board value is asked once) before the attacker's spec, whose check
// reads them: Rocky Seas below 10 oB (from 10 oB it is known), and Sheath
// the Swords when a Player Ship may board the defender.
func (r *step) knowBattleBoxes(with string, def mw.Unit) error {
	if r.st.Wind < 10 {
		if _, err := r.effectBox("rocky-seas"); err != nil {
			return err
		}
	}
	boarding := with == "ship" && def.Kind != mw.KindMilitia && !(def.Kind == mw.KindPirate && !r.st.Opt.adv("pirate-boarding"))
	if boarding {
		if _, err := r.effectBox("sheath-the-swords"); err != nil {
			return err
		}
	}
	return nil
}

// knownBoxes reads the Wind Force boxes without asking (inside a
// question's check); a box nobody has given is an error naming its key.
type knownBoxes struct{ r *step }

func (k knownBoxes) Box(effect string) (int, error) {
	if k.r.env.Tables != nil {
		if row, ok := k.r.env.Tables.Lookup("mwp-wind-force", "box."+effect); ok && row.Known() {
			return referee.ValueInt(row.Value)
		}
	}
	return 0, referee.Usagef("mistywaters: bosun needs the Wind Force box of %s first (misty.board.wind.box.%s)", effectTitles[effect], effect)
}

// attackTypes lists the battle types att may fight against def (target
// name t): Broadside, Boarding or both; an error, with the rule, when
// neither.
func (r *step) attackTypes(att, def mw.Unit, t string, o mw.Options) ([]mw.BattleType, error) {
	_, errB := mw.CanAttack(att, def, mw.Broadside, o)
	_, errD := mw.CanAttack(att, def, mw.Boarding, o)
	if errD == nil && def.Kind == mw.KindPirate && !r.st.Opt.adv("pirate-boarding") {
		errD = referee.RuleError([]string{mw.CitePirateBoarding, citeBattleType}, "mistywaters: a Pirate Ship cannot be attacked by Boarding Battle unless the Advanced Rule 'Pirate Ship Boarding Battles' is on (--option advanced=pirate-boarding)")
	}
	switch {
	case errB == nil && errD == nil:
		return []mw.BattleType{mw.Broadside, mw.Boarding}, nil
	case errD == nil:
		return []mw.BattleType{mw.Boarding}, nil
	case errB == nil:
		return []mw.BattleType{mw.Broadside}, nil
	case def.Kind == mw.KindMilitia:
		return nil, errD
	}
	return nil, errB
}

func (r *step) ports(p *PlayerState) error {
	ps, err := r.list("misty.player."+p.Name+".ports", p.Name+": where are your ships stopped at the end of your turn? (tavern, tavern-blocked when every exit is blocked, foreign-port for a foreign Base or Docks; none)",
		[]string{"none", "tavern", "tavern-blocked", "foreign-port"})
	if err != nil {
		return err
	}
	has := map[string]bool{}
	for _, x := range ps {
		has[x] = true
	}
	switch {
	case has["tavern-blocked"]:
		p.Tavern++
		r.emit("turn", fmt.Sprintf("%s's ship stays at the Tavern for free: every exit is blocked", p.Name), map[string]any{"player": p.Name, "tavern_rounds": p.Tavern, "fee": 0}, citeTavernFees)
	case has["tavern"]:
		p.Tavern++
		fee := TavernFee(p.Tavern)
		p.TavernFee = fee
		if fee == 0 {
			r.emit("turn", fmt.Sprintf("%s's ship stops at a Tavern: place an Hourglass Token showing 1 (the first Round is free)", p.Name), map[string]any{"player": p.Name, "tavern_rounds": 1, "fee": 0}, citeTavernFees)
		} else {
			r.emit("turn", fmt.Sprintf("%s's ship stays at the Tavern a further Round: pay %d Silver to the supply and place an Hourglass Token showing 1, or the ship must leave (else it is Lost)", p.Name, fee),
				map[string]any{"player": p.Name, "tavern_rounds": p.Tavern, "fee": fee}, citeTavernFees)
		}
	default:
		p.Tavern, p.TavernFee = 0, 0
	}
	if has["foreign-port"] {
		p.Foreign++
		if p.Foreign == 1 {
			r.emit("turn", fmt.Sprintf("%s's ship is at a foreign Base or Docks: place an Hourglass Token; it may not stop there longer than 1 Round", p.Name), map[string]any{"player": p.Name, "foreign_rounds": 1}, citeForeignBases, citeForeignDocks)
		} else {
			ship, err := r.whichShip(p, "misty.player."+p.Name+".lost-ship", p.Name+": which of your Player Ships stayed at the foreign Base or Docks longer than 1 Round (it is Lost)?")
			if err != nil {
				return err
			}
			r.emit("turn", fmt.Sprintf("%s's %s stayed at a foreign Base or Docks longer than 1 Round: it is Lost", p.Name, shipTitle(ship)), map[string]any{"player": p.Name, "foreign_rounds": p.Foreign, "lost": true, "ship": ship}, citeForeignBases, citeForeignDocks)
			r.loseShip(p, ship, "it stayed at a foreign Base or Docks longer than 1 Round", citeForeignBases, citeForeignDocks)
			if err := r.treasureLostWith(p, ship); err != nil {
				return err
			}
			p.Foreign = 0
		}
	} else {
		p.Foreign = 0
	}
	if has["tavern"] || has["tavern-blocked"] {
		return r.tavernCard(p)
	}
	return nil
}

func (r *step) treasureStep(p *PlayerState) error {
	st := r.st
	switch {
	case st.Treasure == TreasureX && st.Round < 12 && !st.Temple && len(p.Fleet) > 0:
		a, err := r.choose("misty.player."+p.Name+".treasure", p.Name+": did a ship of yours at the 'X' load the Conquistadors' Treasure or take over the Conquistadors' Galleass?", "none", "loaded", "galleass")
		if err != nil {
			return err
		}
		if a == "none" {
			return nil
		}
		st.Treasure = "player:" + p.Name
		st.Galleass = a == "galleass" || st.Galleass
		if a == "galleass" {
			// "The original Player Ship must be abandoned as part of this swap."
			ship, err := r.whichShip(p, "misty.player."+p.Name+".abandoned-ship", p.Name+": which of your Player Ships at the 'X' do you abandon for the Conquistadors' Galleass?")
			if err != nil {
				return err
			}
			// "First, remove their Player Ship ... Then second, the player
			// places the Conquistadors' Galleass": the fleet never holds
			// both.
			r.swapShip(p, ship, "GA", "abandoned to launch the Conquistadors' Galleass at the 'X'", citeAcquireGalleass)
		}
		what := "loads the Conquistadors' Treasure into a Cargo Hold"
		if a == "galleass" {
			what = "abandons a ship and launches the Conquistadors' Galleass (10 Sailors, the Treasure aboard; it cannot attack; max 3 in the lagoon)"
		}
		r.emit("treasure", fmt.Sprintf("%s %s: bring it to your own Base to win", p.Name, what), map[string]any{"player": p.Name, "treasure": st.Treasure, "how": a}, citeGrandFinale)
	case st.Treasure == "player:"+p.Name:
		opts := []string{"kept", "home", "sunk"}
		for _, o := range st.Players {
			if o.Name != p.Name && len(o.Fleet) > 0 { // seized by a Player Ship
				opts = append(opts, "seized-by-"+o.Name)
			}
		}
		// Usually the Treasure stays aboard: Enter keeps it.
		a, err := r.chooseUsual("misty.player."+p.Name+".treasure", p.Name+": what became of the Conquistadors' Treasure you carry? (kept: still aboard; home: it reached your own Base)", "kept", opts...)
		if err != nil {
			return err
		}
		switch {
		case a == "home":
			if st.Opt.vari("extended") {
				st.Treasure = TreasureSold
				r.emit("treasure", p.Name+" sells the Conquistadors' Treasure at the Base for 15 Silver (Extended Variant)", map[string]any{"player": p.Name}, citeExtended)
				return nil
			}
			p.Home = true
			winners := []string{p.Name}
			if t := st.team(p.Name); t > 0 {
				winners = st.Opt.Teams[t-1]
			}
			st.Winners = winners
			st.EndReason = "treasure"
			st.Phase = PhaseOver
			r.emit("endgame", fmt.Sprintf("%s brings the Conquistadors' Treasure to their Base: the game ends at once; %s wins", p.Name, strings.Join(winners, " and ")),
				map[string]any{"winners": winners, "reason": "treasure"}, citeVictoryTreasure, citeCheckEndGame)
		case a == "sunk":
			ship, err := r.whichShip(p, "misty.player."+p.Name+".lost-ship", p.Name+": which of your Player Ships sank with the Treasure?")
			if err != nil {
				return err
			}
			r.loseShip(p, ship, "sank with the Conquistadors' Treasure")
			r.treasureRemoved(p.Name + "'s ship sank with it")
		case strings.HasPrefix(a, "seized-by-"):
			st.Treasure = "player:" + strings.TrimPrefix(a, "seized-by-")
			r.emit("treasure", fmt.Sprintf("%s seizes the Conquistadors' Treasure", strings.TrimPrefix(a, "seized-by-")), map[string]any{"treasure": st.Treasure}, citeVictoryTreasure)
		}
	}
	return nil
}

// side is a player, or a team in Team Mode.
type side struct {
	Name    string
	Members []string
}

func (st *State) sides() []side {
	if st.Opt.vari("team") {
		var out []side
		for _, t := range st.Opt.Teams {
			out = append(out, side{Name: strings.Join(t, "+"), Members: t})
		}
		return out
	}
	var out []side
	for _, p := range st.Players {
		out = append(out, side{Name: p.Name, Members: []string{p.Name}})
	}
	return out
}

func (r *step) phase6() error {
	st := r.st
	var hg []string
	for _, p := range st.Players {
		if p.Tavern > 0 || p.Foreign > 0 {
			hg = append(hg, p.Name)
		}
	}
	text := "Step 1: return Hourglass Tokens showing 1 to the supply and flip those showing 2 to 1"
	if len(hg) > 0 {
		text += " (ships of " + strings.Join(hg, ", ") + ")"
	}
	r.emit("phase", fmt.Sprintf("%s: %s", phaseNames[PhaseReset], text), map[string]any{"phase": 6, "hourglasses": hg}, citePhase6, citeResetHourglass)

	// Step 2: end-game conditions.
	if err := r.capturedAtReset(); err != nil {
		return err
	}
	need := st.conquestNeed()
	var conquerors []string
	var counts []string
	if len(st.Players) > 1 { // no Island Conquest in Solo or Cooperative Mode
		for _, sd := range st.sides() {
			c := 0
			for _, m := range sd.Members {
				c += st.player(m).Captured
			}
			streak := 0
			if c >= need {
				streak = st.player(sd.Members[0]).Streak + 1
			}
			for _, m := range sd.Members {
				st.player(m).Streak = streak
			}
			counts = append(counts, fmt.Sprintf("%s %d (streak %d)", sd.Name, c, streak))
			if streak >= 2 {
				conquerors = append(conquerors, sd.Name)
			}
		}
	}
	if need == 0 {
		r.emit("endgame", "Step 2: end-game check: no Island Conquest in Solo Mode", map[string]any{"counts": counts, "need": need}, citeCheckEndGame, citeVictoryConquest)
	} else {
		r.emit("endgame", fmt.Sprintf("Step 2: end-game check: Captured Islands %s; Island Conquest needs %d for two consecutive Rounds", strings.Join(counts, ", "), need),
			map[string]any{"counts": counts, "need": need}, citeCheckEndGame, citeVictoryConquest)
	}
	switch {
	case len(conquerors) == 1:
		st.Winners = st.membersOf(conquerors[0])
		st.EndReason = "island-conquest"
		st.Phase = PhaseOver
		r.emit("endgame", fmt.Sprintf("Island Conquest: %s controlled %d or more Captured Islands at the end of two consecutive Rounds and wins", conquerors[0], need),
			map[string]any{"winners": st.Winners, "reason": "island-conquest"}, citeVictoryConquest)
		return nil
	case len(conquerors) > 1:
		st.EndReason = "island-conquest-tie"
		r.emit("endgame", fmt.Sprintf("Island Conquest by %s at once: the tied players proceed to Viceroy Voting", strings.Join(conquerors, ", ")), map[string]any{"tied": conquerors}, citeVictoryConquest, citeVictoryViceroy)
		r.startVoting(conquerors)
		return nil
	case st.EndAfter:
		st.EndReason = "treasure-removed"
		r.emit("endgame", "The Conquistadors' Treasure was removed from play this Round: the game ends; proceed to Viceroy Voting", nil, citeVictoryViceroy)
		r.startVoting(nil)
		return nil
	case st.Opt.Rounds > 0 && st.Round >= st.Opt.Rounds:
		st.EndReason = "extended-rounds"
		why := "Extended Variant"
		if !st.Opt.vari("extended") {
			why = "the table's round limit (option rounds)"
		}
		r.emit("endgame", fmt.Sprintf("%s: Round %s was the last; proceed to Viceroy Voting", why, Roman(st.Round)), nil, citeExtended, citeVictoryViceroy)
		r.startVoting(nil)
		return nil
	}

	// Step 3: rotate the Priority Token.
	prev := st.Priority
	st.Priority = (st.Priority + 1) % len(st.Players)
	r.emit("phase", fmt.Sprintf("Step 3: the Priority Token passes left to %s; move the Round Phase Marker to Phase 1", st.priorityName()), map[string]any{"priority": st.priorityName()}, citeRotatePriority)
	if st.Opt.adv("priority-negotiation") && len(st.Players) > 2 {
		opts := []string{"keep"}
		for i, p := range st.Players {
			if i != st.Priority && i != prev {
				opts = append(opts, p.Name)
			}
		}
		a, err := r.chooseUsual("misty.priority.trade", st.priorityName()+": give the Priority Token to another player through Negotiation? (keep, or the player; not to the holder of the last Round)", "keep", opts...)
		if err != nil {
			return err
		}
		if a != "keep" {
			for i, p := range st.Players {
				if p.Name == a {
					st.Priority = i
				}
			}
			r.emit("phase", fmt.Sprintf("Priority Token Negotiation: %s now holds the Priority Token", a), map[string]any{"priority": a}, citePriorityNeg)
		}
	}
	st.PrevPriority = prev
	r.advance()
	return nil
}

func (st *State) membersOf(sideName string) []string {
	for _, sd := range st.sides() {
		if sd.Name == sideName {
			return sd.Members
		}
	}
	return []string{sideName}
}
