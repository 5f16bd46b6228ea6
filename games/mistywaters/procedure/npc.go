package procedure

import (
	"fmt"
	"strconv"
	"strings"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/referee"
)

// MonsterDamage is the damage each Sea Monster inflicts on a Player Ship.
var MonsterDamage = map[string]string{
	"leviathan":   "remove 1 Cannon and 1 Sailor",
	"megalodon":   "remove 1 Cannon",
	"kraken":      "remove 1 Cannon and 2 Sailors/Officers",
	"hydra":       "remove all Sailors and Officers, except the Captain",
	"sea-serpent": "remove 1 Cannon (the ship counterattacks with as many dice as it has Sailors)",
	"sperm-whale": "remove 1 Cannon and move the ship",
}

func (r *step) phase2() error {
	st := r.st
	if st.Queue == nil {
		st.Queue = r.npcQueue()
		r.emit("phase", fmt.Sprintf("%s: %s", phaseNames[PhaseNPC], queueText(st.Queue)), map[string]any{"phase": 2, "steps": st.Queue}, citePhase2)
		if len(st.Queue) == 0 {
			r.advance()
			return nil
		}
	}
	item := st.Queue[0]
	st.Queue = st.Queue[1:]
	kind, id, _ := strings.Cut(item, ":")
	var err error
	switch kind {
	case "move":
		if st.npc(id) == nil {
			r.emit("npc", id+" is no longer on the map", map[string]any{"npc": id}, citePhase2)
		} else {
			err = r.moveNPC(id)
		}
	case "attack":
		err = r.attacks(id)
	}
	if err != nil {
		return err
	}
	if len(st.Queue) == 0 {
		r.advance()
	}
	return nil
}

func queueText(q []string) string {
	if len(q) == 0 {
		return "no NPC moves or attacks"
	}
	// The queue's items are step ids (move:pirate-1, attack:batteries): say
	// them as words.
	var moves, attacks []string
	for _, it := range q {
		kind, what, _ := strings.Cut(it, ":")
		if kind == "move" {
			moves = append(moves, what)
			continue
		}
		attacks = append(attacks, map[string]string{"monsters": "the Sea Monsters", "batteries": "the Batteries of Cannons", "pirates": "the Pirate Ships"}[what])
	}
	var parts []string
	if len(moves) > 0 {
		parts = append(parts, "moving "+strings.Join(moves, ", "))
	}
	if len(attacks) > 0 {
		then := "attacks by "
		if len(moves) > 0 {
			then = "then " + then
		}
		parts = append(parts, then+joinAnd(attacks))
	}
	return strings.Join(parts, "; ")
}

// joinAnd joins words as a sentence does: "a", "a and b", "a, b and c".
func joinAnd(w []string) string {
	if len(w) <= 1 {
		return strings.Join(w, "")
	}
	return strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}

// npcQueue lists Phase 2's sub-steps: Pirate Ships (only in Pirate Movement
// Rounds), other NPC Ships (not in the Round they appear; the Flying
// Dutchman last), Sea Monsters, then the attacks of Sea Monsters, Battery of
// Cannons and Pirate Ships.
func (r *step) npcQueue() []string {
	st := r.st
	var q []string
	if isPirate(Wheel(st.Round)) {
		for _, n := range st.NPCs {
			if n.Kind == KindPirate && n.Appeared != st.Round {
				q = append(q, "move:"+n.ID)
			}
		}
	}
	for _, k := range []string{KindCaravel, KindGalleass, KindFreighter, KindDutchman} {
		for _, n := range st.NPCs {
			if n.Kind == k && n.Appeared != st.Round {
				q = append(q, "move:"+n.ID)
			}
		}
	}
	for _, n := range st.NPCs {
		// "all Sea Monsters present on the map will move" (the rule that NPC
		// Ships wait a Round names NPC Ships; monster-first-round=wait applies
		// it to Sea Monsters too).
		if n.Kind == KindMonster && !(st.Opt.MonsterWait && n.Appeared == st.Round) {
			q = append(q, "move:"+n.ID)
		}
	}
	if st.count(KindMonster) > 0 {
		q = append(q, "attack:monsters")
	}
	if st.count(KindBattery) > 0 {
		q = append(q, "attack:batteries")
	}
	if st.count(KindPirate) > 0 {
		q = append(q, "attack:pirates")
	}
	return q
}

// ParseDirectionFace reads a Direction Dice face written MAIN>TOPLEFT|TOPRIGHT.
func ParseDirectionFace(label string) (main, topLeft, topRight string, err error) {
	m, rest, ok := strings.Cut(label, ">")
	tl, tr, ok2 := strings.Cut(rest, "|")
	if !ok || !ok2 || m == "" || tl == "" || tr == "" {
		return "", "", "", referee.Usagef("mistywaters: Direction Dice face %q is not written MAIN>TOPLEFT|TOPRIGHT (fix the dice table in tables.yaml)", label)
	}
	return m, tl, tr, nil
}

// ChooseDirection applies the Direction Dice rule to the open directions:
// the main direction whenever possible; else (rule "continue") the side
// direction the NPC is already heading in; else top-right; else top-left;
// "" when none is open (the NPC ends its movement).
func ChooseDirection(open map[string]bool, main, topLeft, topRight, heading, rule string) string {
	if open[main] {
		return main
	}
	if rule == "continue" && heading != "" && heading != main && (heading == topLeft || heading == topRight) && open[heading] {
		return heading
	}
	if open[topRight] {
		return topRight
	}
	if open[topLeft] {
		return topLeft
	}
	return ""
}

func (r *step) dutchmanOn(except string) bool {
	return except != "dutchman" && r.st.npc("dutchman") != nil
}

func (r *step) moveNPC(id string) error {
	n := r.st.npc(id)
	switch n.Kind {
	case KindPirate, KindMonster:
		return r.walkDirection(n)
	}
	return r.walkArrows(n)
}

func (r *step) walkDirection(n *NPC) error {
	st := r.st
	id := n.ID
	mod := 0
	if n.Kind == KindPirate {
		var err error
		if mod, err = r.speedMod(); err != nil {
			return err
		}
	}
	rng := NPCRange(*n, st.Wind, mod)
	cites := []string{citeDirectionDice, citePirateMove}
	if n.Kind == KindMonster {
		cites = []string{citeDirectionDice, citeMonsterMove}
	}
	if r.dutchmanOn(id) {
		dz, err := r.confirm("misty.npc."+id+".deathzone-start", fmt.Sprintf("does %s start on a space adjacent to the Flying Dutchman?", id), "no")
		if err != nil {
			return err
		}
		if dz {
			r.removeByDutchman(id)
			return nil
		}
	}
	die, err := referee.LoadDie(r.env.Tables, r.env.Prompt, DirectionDie)
	if err != nil {
		return err
	}
	roll, err := r.env.Dice.Roll("misty.npc."+id+".direction", die)
	if err != nil {
		return err
	}
	main, tl, tr, err := ParseDirectionFace(roll.Label)
	if err != nil {
		return err
	}
	r.emit("npc", fmt.Sprintf("%s: Direction Dice %s (main %s, top-left %s, top-right %s); Maximum Range %d", id, roll.Label, main, tl, tr, rng),
		map[string]any{"npc": id, "direction": roll.Label, "range": rng, "wind": st.Wind, "speed_mod": mod}, cites...)
	// Combat contact: Pirate Ships stop next to a Player Ship they can attack
	// (never when the Wind Force forbids Broadside Battles); Sea Monsters next
	// to a ship they can attack.
	contactQ := ""
	switch n.Kind {
	case KindPirate:
		rocky, err := r.inForce("rocky-seas")
		if err != nil {
			return err
		}
		if !rocky {
			contactQ = fmt.Sprintf("is %s on a space adjacent to a Player Ship it can attack (not at a Tavern, a Base or Docks protected by a Fort)?", id)
		}
	case KindMonster:
		contactQ = fmt.Sprintf("is the %s on a space adjacent to a Player Ship At Sea, a Pirate Ship or another NPC Ship?", id)
	}
	steps := 0
	heading := ""
	var path []string
	stop := "range used"
	if contactQ != "" {
		c, err := r.confirm("misty.npc."+id+".contact", contactQ, "no")
		if err != nil {
			return err
		}
		if c {
			stop = "combat contact at the start"
			rng = 0
		}
	}
	passWhat := "other Pirate Ships, NPC Ships and Sea Monsters may be passed through, Player Ships may not; a North-South Passage exit leads on from the other exit"
	if n.Kind == KindMonster {
		passWhat = "other Sea Monsters may be passed through; no North-South Passage"
	}
	for steps < rng {
		// The main direction is usually open sea: Enter takes it.
		a, err := r.ask(referee.Question{Key: "misty.npc." + id + ".open", Kind: referee.KindList, Options: dedupe([]string{main, tr, tl, "none"}), Default: main,
			Text: fmt.Sprintf("%s, space %d of %d: which of %s (main), %s (top-right), %s (top-left) lead to a space it may enter (At Sea or a Black Ship space; %s)? none if no direction",
				id, steps+1, rng, main, tr, tl, passWhat)})
		if err != nil {
			return err
		}
		set := map[string]bool{}
		for _, o := range referee.SplitList(a) {
			if o != "none" {
				set[o] = true
			}
		}
		dir := ChooseDirection(set, main, tl, tr, heading, st.Opt.SideRule)
		if dir == "" {
			stop = "no open direction"
			break
		}
		steps++
		heading = dir
		path = append(path, dir)
		if steps < rng && contactQ != "" {
			c, err := r.confirm("misty.npc."+id+".contact", contactQ, "no")
			if err != nil {
				return err
			}
			if c {
				stop = "combat contact"
				break
			}
		}
	}
	back := 0
	for back < steps {
		occ, err := r.confirm("misty.npc."+id+".final-occupied", fmt.Sprintf("is the space where %s would end its movement occupied?", id), "no")
		if err != nil {
			return err
		}
		if !occ {
			break
		}
		back++
	}
	moved := steps - back
	text := fmt.Sprintf("%s moves %s: %s (%s)", id, referee.Count(moved, "space"), strings.Join(path[:moved], " "), stop)
	if moved == 0 {
		text = fmt.Sprintf("%s does not move (%s)", id, stop)
	}
	if back > 0 {
		text += "; stops in front of " + referee.Count(back, "occupied space")
	}
	r.emit("npc", text, map[string]any{"npc": id, "spaces": moved, "path": path[:moved], "range": rng, "stop": stop}, cites...)
	return r.afterMove(n, moved)
}

// afterMove applies Whirlpool pick-ups and the Death Zone after a move.
func (r *step) afterMove(n *NPC, moved int) error {
	st := r.st
	id := n.ID
	// Every NPC Ship (the Flying Dutchman is one) and Sea Monster returns
	// a Crate or Raft it passes through or stops on to the supply.
	if moved > 0 && st.itemsAtSea() {
		wps, err := r.list("misty.npc."+id+".whirlpools", fmt.Sprintf("which Whirlpools holding a Crate or Raft did %s pass through or stop on?", id), []string{"1", "2", "3", "4", "5", "6", "none"})
		if err != nil {
			return err
		}
		for _, w := range wps {
			i, _ := strconv.Atoi(w)
			if st.Whirlpools[i-1] == "" {
				continue
			}
			item := st.Whirlpools[i-1]
			st.Whirlpools[i-1] = ""
			text := fmt.Sprintf("%s picks up the %s on Whirlpool %d: it returns to the supply", id, item, i)
			if n.Kind == KindPirate && n.Damage > 0 {
				n.Damage = 0
				text += fmt.Sprintf("; %s repairs and removes its Damage Marker", id)
			}
			r.emit("npc", text, map[string]any{"npc": id, "whirlpool": i, "item": item}, citeWhirlpoolsWx)
		}
	}
	if r.dutchmanOn(id) && moved > 0 {
		dz, err := r.confirm("misty.npc."+id+".deathzone", fmt.Sprintf("did %s pass through or stop on a space adjacent to the Flying Dutchman?", id), "no")
		if err != nil {
			return err
		}
		if dz {
			r.removeByDutchman(id)
		}
	}
	return nil
}

func (st *State) itemsAtSea() bool {
	for _, w := range st.Whirlpools {
		if w != "" {
			return true
		}
	}
	return false
}

func (r *step) removeByDutchman(id string) {
	n := r.st.npc(id)
	if n == nil {
		return
	}
	treasure := n.Treasure
	r.st.removeNPC(id)
	r.emit("npc", fmt.Sprintf("Death Zone: the Flying Dutchman removes %s from the map", id), map[string]any{"npc": id, "removed": true}, citeDeathZone)
	if treasure {
		r.treasureRemoved("the Flying Dutchman took the Conquistadors' Galleass")
	}
}

func (r *step) walkArrows(n *NPC) error {
	st := r.st
	id := n.ID
	cites := []string{citeOtherNPCMove}
	switch n.Kind {
	case KindCaravel:
		cites = append(cites, citeCaravels)
	case KindGalleass:
		cites = append(cites, citeGalleass)
	case KindFreighter:
		cites = append(cites, citeFreighter)
	case KindDutchman:
		cites = append(cites, citeDutchman)
	}
	mod := 0
	if n.Kind != KindDutchman {
		var err error
		if mod, err = r.speedMod(); err != nil {
			return err
		}
	}
	if n.Kind == KindGalleass && n.Lagoon {
		in, err := r.confirm("misty.npc.galleass.in-lagoon", "is the Conquistadors' Galleass on a red space of the Red Water Lagoon (or the space by the 'X')?", referee.NoDefault)
		if err != nil {
			return err
		}
		n.Lagoon = in
		if in {
			cites = append(cites, citeLagoon)
		}
	}
	if r.dutchmanOn(id) {
		dz, err := r.confirm("misty.npc."+id+".deathzone-start", fmt.Sprintf("does %s start on a space adjacent to the Flying Dutchman?", id), "no")
		if err != nil {
			return err
		}
		if dz {
			r.removeByDutchman(id)
			return nil
		}
	}
	rng := NPCRange(*n, st.Wind, mod)
	arrows := "white arrows"
	if n.Kind == KindGalleass {
		arrows = "grey arrows"
	}
	r.emit("npc", fmt.Sprintf("%s follows the %s with a Maximum Range of %d", id, arrows, rng), map[string]any{"npc": id, "range": rng, "wind": st.Wind, "speed_mod": mod}, cites...)
	opts := []string{"sea", "passage"}
	says := "sea (the next space), passage (it enters the North-South Passage)"
	switch n.Kind {
	case KindCaravel:
		opts = append(opts, "lagoon")
		says += ", lagoon (it reaches the Adjacent Space to the Red Water Lagoon)"
	case KindGalleass:
		// Only the Galleass's grey arrows fork (rulebook, The Conquistadors'
		// Galleass); the text names only what the list offers.
		opts = append(opts, "fork")
		says += ", fork (the grey arrows fork here)"
	}
	steps := 0
	var forks []int
	next := func() (bool, error) { // false: the NPC left the map
		// Most spaces simply lead on: sea is the default.
		nx, err := r.ask(referee.Question{Key: "misty.npc." + id + ".next", Kind: referee.KindChoose, Options: opts, Default: "sea",
			Text: fmt.Sprintf("%s, space %d: where does its arrow lead? %s", id, steps+1, says)})
		if err != nil {
			return false, err
		}
		switch nx {
		case "fork":
			routes, err := r.number("misty.npc."+id+".routes", "into how many routes does the grey arrow fork? (number them from the left as the Galleass sails)", 2, 3)
			if err != nil {
				return false, err
			}
			names := make([]string, routes)
			for i := range names {
				names[i] = fmt.Sprintf("route %d", i+1)
			}
			die := referee.D(6)
			die.Title = fmt.Sprintf("a regular die for the Galleass's route, counted from the left (%s)", faceMap(names))
			roll, err := r.env.Dice.Roll("misty.npc."+id+".fork", die)
			if err != nil {
				return false, err
			}
			d := roll.Value
			route := (d-1)*routes/6 + 1
			forks = append(forks, route)
			r.emit("npc", fmt.Sprintf("%s: the grey arrows fork; die %d picks route %d of %d (counted from the left)", id, d, route, routes), map[string]any{"npc": id, "die": d, "route": route, "routes": routes}, citeGalleass)
			steps++
		case "lagoon":
			st.removeNPC(id)
			text := fmt.Sprintf("%s reaches the Adjacent Space to the Red Water Lagoon and is removed", id)
			if st.count(KindBattery) < 3 {
				bid := ""
				for i := 1; i <= 3; i++ {
					if st.npc(fmt.Sprintf("battery-%d", i)) == nil {
						bid = fmt.Sprintf("battery-%d", i)
						break
					}
				}
				st.NPCs = append(st.NPCs, NPC{ID: bid, Kind: KindBattery, Appeared: st.Round})
				text += fmt.Sprintf("; add a Battery of Cannons (%s) on the westmost available space", bid)
			} else {
				text += "; all 3 Battery of Cannons are already on the map"
			}
			r.emit("npc", text, map[string]any{"npc": id, "removed": true, "batteries": st.count(KindBattery)}, citeCaravels, citeBatteryAttack)
			return false, nil
		case "passage":
			treasure := n.Treasure
			st.removeNPC(id)
			r.emit("npc", fmt.Sprintf("%s enters the North-South Passage and is removed from the game", id), map[string]any{"npc": id, "removed": true, "spaces": steps}, citePassage)
			if treasure {
				r.treasureRemoved("the conquistadors escaped with it")
			}
			return false, nil
		default:
			steps++
		}
		return true, nil
	}
	for steps < rng {
		on, err := next()
		if err != nil || !on {
			return err
		}
	}
	extra := 0
	if n.Kind != KindDutchman {
		for {
			occ, err := r.confirm("misty.npc."+id+".final-occupied", fmt.Sprintf("is the space where %s would end its movement occupied?", id), "no")
			if err != nil {
				return err
			}
			if !occ {
				break
			}
			extra++
			on, err := next()
			if err != nil || !on {
				return err
			}
		}
	}
	text := fmt.Sprintf("%s moves %s along the %s", id, referee.Count(steps, "space"), arrows)
	if extra > 0 {
		text += fmt.Sprintf(" (%d extra to pass occupied %s)", extra, referee.Noun(extra, "space"))
	}
	r.emit("npc", text, map[string]any{"npc": id, "spaces": steps, "extra": extra, "forks": forks}, cites...)
	if n.Kind == KindDutchman {
		if err := r.dutchmanVictims(); err != nil {
			return err
		}
	}
	return r.afterMove(st.npc(id), steps)
}

func (r *step) dutchmanVictims() error {
	st := r.st
	opts := st.ids(KindPirate, KindCaravel, KindGalleass, KindFreighter, KindMonster)
	opts = append(opts, st.shipOptions()...)
	opts = append(opts, "none")
	vs, err := r.list("misty.npc.dutchman.victims", "Death Zone: which ships and Sea Monsters were on a space adjacent to the Flying Dutchman at any point of its move? ("+shipTargetHelp+")", opts)
	if err != nil {
		return err
	}
	for _, v := range vs {
		p, want := st.player(v), ""
		if sp, k, ok := st.splitShipTarget(v); ok {
			p, want = sp, k.Code
		}
		if p != nil {
			if err := r.dutchmanTakes(p, want); err != nil {
				return err
			}
			continue
		}
		r.removeByDutchman(v)
	}
	return nil
}

// dutchmanTakes removes a Player Ship the Death Zone reached (want: its
// ship code, or "" to ask which), unless the player saves it: "At any time,
// players can pay 3 Experience Tokens to the supply from their Treasury to
// save their Player Ship from the Flying Dutchman* removal effect for 1
// Round."
func (r *step) dutchmanTakes(p *PlayerState, want string) error {
	st := r.st
	if p.DutchSaved == st.Round {
		r.emit("npc", fmt.Sprintf("Death Zone: %s's ship is saved this Round", p.Name), nil, citeDeathZone)
		return nil
	}
	save, err := r.confirm("misty.player."+p.Name+".dutchman-save", p.Name+": pay 3 Experience Tokens to save your Player Ship from the Flying Dutchman for 1 Round?", referee.NoDefault)
	if err != nil {
		return err
	}
	if save {
		p.DutchSaved = st.Round
		r.emit("npc", fmt.Sprintf("Death Zone: %s pays 3 Experience Tokens; the Player Ship is saved for 1 Round", p.Name), map[string]any{"player": p.Name, "saved": true}, citeDeathZone)
		return nil
	}
	if want == "" || !p.hasShip(want) {
		if want, err = r.whichShip(p, "misty.player."+p.Name+".dutchman-ship", p.Name+": which of your Player Ships does the Flying Dutchman take?"); err != nil {
			return err
		}
	}
	if want == "" {
		r.emit("npc", fmt.Sprintf("Death Zone: %s has no other Player Ship on the map", p.Name), map[string]any{"player": p.Name}, citeDeathZone)
		return nil
	}
	r.emit("npc", fmt.Sprintf("Death Zone: %s's %s is removed from the map (Lost)", p.Name, shipTitle(want)), map[string]any{"player": p.Name, "saved": false, "ship": want}, citeDeathZone)
	// Ruling (option dutchman-loss): the rulebook calls a ship "defeated"
	// when its last Cannon is removed; the Death Zone "removes from the
	// map" instead. By default a ship it takes counts as a defeated
	// Player Ship (the government's support, the Skull-Rock); with
	// dutchman-loss=lost it is only Lost (the donated Sloop still applies).
	return r.lostOutsideBattle(p, want, "taken by the Flying Dutchman's Death Zone", !st.Opt.DutchmanLostOnly, citeDeathZone)
}

// pickTarget chooses among several targets with a regular die rolled by the
// Priority Token holder: faces split evenly when 6 divides by the number of
// targets, else faces 1..k name the targets in the order given and higher
// faces are rolled again. It returns the index of the target.
func (r *step) pickTarget(key string, targets []string) (int, error) {
	k := len(targets)
	if k == 1 {
		return 0, nil
	}
	// The question names which faces pick which target before the roll.
	die := referee.D(6)
	die.Title = fmt.Sprintf("a regular die for the target (%s)", faceMap(targets))
	for i := 0; i < 50; i++ {
		roll, err := r.env.Dice.Roll(key, die)
		v := roll.Value
		if err != nil {
			return 0, err
		}
		if 6%k == 0 {
			return (v - 1) / (6 / k), nil
		}
		if v <= k {
			return v - 1, nil
		}
	}
	return 0, nil
}

// faceMap says which faces of a regular die pick which of names (see
// pickTarget): "1-3: Ann, 4-6: Bob", or "1: Ann, 2: Bob, 3: Cy, 4: Dan,
// 5-6: roll again".
func faceMap(names []string) string {
	k := len(names)
	span := func(a, b int) string {
		if a == b {
			return fmt.Sprint(a)
		}
		return fmt.Sprintf("%d-%d", a, b)
	}
	var parts []string
	if 6%k == 0 {
		per := 6 / k
		for i, n := range names {
			parts = append(parts, span(i*per+1, (i+1)*per)+": "+n)
		}
		return strings.Join(parts, ", ")
	}
	for i, n := range names {
		parts = append(parts, fmt.Sprintf("%d: %s", i+1, n))
	}
	return strings.Join(append(parts, span(k+1, 6)+": roll again"), ", ")
}

func (r *step) stopCard(player, attacker string) (bool, error) {
	stop, err := r.confirm("misty.player."+player+".stop-card", fmt.Sprintf("%s: play an Action Card that stops the attack of %s?", player, attacker), "no")
	if err != nil {
		return false, err
	}
	if stop {
		r.emit("battle", fmt.Sprintf("%s plays an Action Card that stops the attack of %s", player, attacker), map[string]any{"player": player, "attacker": attacker, "stopped": true}, citeNPCAttacks, citeStep3Cards)
	}
	return stop, nil
}

// monsterAttacksPlayer: a Sea Monster that has just appeared next to a
// player's ship attacks it at once (Thar She Blows).
func (r *step) monsterAttacksPlayer(m, player string) error {
	return r.npcAttack(m, []string{player})
}

// npcAttack runs one NPC's attack of Steps 4-6 (an NPC attacks at most once
// per Phase 2): of the targets the table names on its Adjacent Spaces it
// keeps those the battle rules let it attack (Wind Force included), the
// Priority Token holder rolls a die among several, the defending player may
// stop the attack with an Action Card, and the battle engine resolves the
// Broadside Battle with its counterattack.
func (r *step) npcAttack(id string, names []string) error {
	st := r.st
	n := st.npc(id)
	if n == nil {
		return nil
	}
	if len(names) == 0 {
		r.emit("npc", fmt.Sprintf("%s has no target on an Adjacent Space", id), map[string]any{"npc": id}, citeNPCAttacks)
		return nil
	}
	att := r.npcSide(n)
	o := r.battleOptions()
	stepCite := map[string]string{KindMonster: citeMonsterAttack, KindBattery: citeBatteryAttack, KindPirate: citePirateAttack}[n.Kind]
	var eligible []Side
	var labels []string
	named := map[string]string{} // player's ship (NAME/CODE) -> the target name that named it
	// The ships named NAME-TYPE are described first, so that a bare NAME
	// asked after them is refused in its own question when it describes a
	// ship already named (the order of the targets, for the die, is kept).
	order := make([]int, 0, len(names))
	for i, t := range names {
		if _, _, ok := st.splitShipTarget(t); ok {
			order = append(order, i)
		}
	}
	for i, t := range names {
		if _, _, ok := st.splitShipTarget(t); !ok {
			order = append(order, i)
		}
	}
	sides := make([]Side, len(names))
	for _, i := range order {
		t := names[i]
		// Each of a player's ships is named once: a spec of a ship already
		// named is refused in its own question (re-asked at a terminal).
		rule := func(u mw.Unit) error {
			if prev, ok := named[u.Owner+"/"+unitCode(u)]; ok && unitCode(u) != "" {
				return referee.RuleError([]string{citeNPCAttacks}, "mistywaters: %s's %s is already a target of %s (named %s): name a player once for each of their Player Ships on an Adjacent Space, with a different ship spec each (%s's ships afloat: %s)",
					u.Owner, shipTitle(unitCode(u)), id, prev, u.Owner, fleetText(st.player(u.Owner).Fleet))
			}
			return nil
		}
		def, err := r.candidateRule(t, rule)
		if err != nil {
			return err
		}
		if code := unitCode(def.Unit); def.Player != "" && code != "" {
			named[def.Player+"/"+code] = t
		}
		sides[i] = def
	}
	for i, t := range names {
		def := sides[i]
		if _, err := mw.CanAttack(att.Unit, def.Unit, mw.Broadside, o); err != nil {
			msg, cs, ok := refusal(err)
			if !ok {
				return err
			}
			r.emit("npc", fmt.Sprintf("%s does not attack %s: %s", id, def.Unit.Label(), msg), map[string]any{"npc": id, "target": t, "refused": msg}, append([]string{stepCite}, cs...)...)
			continue
		}
		eligible = append(eligible, def)
		labels = append(labels, t)
	}
	if len(eligible) == 0 {
		r.emit("npc", fmt.Sprintf("%s has no target it may attack", id), map[string]any{"npc": id}, stepCite, citeNPCAttacks)
		return nil
	}
	i, err := r.pickTarget("misty.npc."+id+".target", labels)
	if err != nil {
		return err
	}
	def, t := eligible[i], labels[i]
	if len(eligible) > 1 {
		r.emit("npc", fmt.Sprintf("%s has %s (%s): the die picks %s (%s)", id, referee.Count(len(eligible), "target"), strings.Join(labels, ", "), t, faceMap(labels)), map[string]any{"npc": id, "targets": labels, "target": t}, citeNPCAttacks)
	}
	if def.Player != "" {
		if stop, err := r.stopCard(def.Player, id); err != nil || stop {
			return err
		}
	}
	switch n.Kind {
	case KindMonster:
		if def.Player != "" && def.Unit.Kind == mw.KindShip {
			r.emit("battle", fmt.Sprintf("The %s attacks %s's Player Ship: %s", id, def.Player, MonsterDamage[n.Monster]), map[string]any{"attacker": id, "defender": t, "damage": MonsterDamage[n.Monster]}, citeMonsterAttack)
		} else {
			r.emit("battle", fmt.Sprintf("The %s attacks %s", id, t), map[string]any{"attacker": id, "defender": t}, citeMonsterAttack)
		}
	case KindBattery:
		r.emit("battle", fmt.Sprintf("%s fires on %s's Player Ship by Broadside Battle with 2 Cannons (Wind Force limits on Broadside Battles are ignored in the Red Water Lagoon)", id, def.Player), map[string]any{"attacker": id, "defender": t, "dice": 2}, citeBatteryAttack)
	case KindPirate:
		dice, _ := att.Unit.BroadsideDice(def.Unit, o)
		r.emit("battle", fmt.Sprintf("%s fires on %s by Broadside Battle with %s", id, t, referee.Count(dice, "Cannon")), map[string]any{"attacker": id, "defender": t, "dice": dice}, citePirateAttack)
	}
	_, err = r.fight(Battle{Key: "misty.battle." + id + "." + t, Type: mw.Broadside, Attacker: att, Defender: def, Options: o, Cites: []string{stepCite, citeNPCAttacks}})
	return err
}

func (r *step) attacks(group string) error {
	st := r.st
	switch group {
	case "monsters":
		for _, m := range st.ids(KindMonster) {
			if st.npc(m) == nil {
				continue
			}
			opts := append(st.shipOptions(), st.ids(KindPirate, KindCaravel, KindGalleass, KindFreighter)...)
			ts, err := r.targets("misty.npc."+m+".targets", fmt.Sprintf("which targets are on spaces adjacent to the %s? (%s; Pirate Ships; other NPC Ships)", m, shipTargetHelp), append(opts, "none"))
			if err != nil {
				return err
			}
			if len(ts) == 0 {
				r.emit("npc", fmt.Sprintf("The %s has no target", m), map[string]any{"npc": m}, citeMonsterAttack)
				continue
			}
			if err := r.npcAttack(m, ts); err != nil {
				return err
			}
		}
	case "batteries":
		for _, b := range st.ids(KindBattery) {
			if st.npc(b) == nil {
				continue
			}
			ts, err := r.targets("misty.npc."+b+".targets", fmt.Sprintf("which Player Ships are on spaces a red arrow of %s points to? (%s)", b, shipTargetHelp), append(st.shipOptions(), "none"))
			if err != nil {
				return err
			}
			if err := r.npcAttack(b, ts); err != nil {
				return err
			}
		}
	case "pirates":
		rocky, err := r.inForce("rocky-seas")
		if err != nil {
			return err
		}
		if rocky {
			r.emit("npc", "Pirate Ships do not attack: Rocky Seas forbids Broadside Battles At Sea", nil, citePirateAttack, citeRockySeas)
			return nil
		}
		for _, pid := range st.ids(KindPirate) {
			if st.npc(pid) == nil {
				continue
			}
			opts := st.shipOptions()
			for _, nm := range st.playerNames() {
				if st.mayHaveFort(nm) {
					opts = append(opts, nm+"-fort")
				}
			}
			opts = append(opts, st.ids(KindMonster)...)
			ts, err := r.targets("misty.npc."+pid+".targets", fmt.Sprintf("which targets are on spaces adjacent to %s? (%s; NAME-fort for a Fort; Sea Monsters)", pid, shipTargetHelp), append(opts, "none"))
			if err != nil {
				return err
			}
			if err := r.npcAttack(pid, ts); err != nil {
				return err
			}
		}
	}
	return nil
}

// targets asks an NPC's targets (a list of shipOptions, NPC ids, Forts):
// inside the question, a player is named at most once for each Player
// Ship they may have (NAME once for each, NAME-TYPE once), and nothing
// else twice, so the ship specs asked next cannot run out of ships.
func (r *step) targets(key, text string, options []string) ([]string, error) {
	st := r.st
	check := func(a string) (string, error) {
		seen := map[string]int{}
		per := map[string]int{}
		for _, it := range referee.SplitList(a) {
			if it == "none" {
				continue
			}
			seen[it]++
			p := st.player(it)
			if sp, _, ok := st.splitShipTarget(it); ok {
				p = sp
				if seen[it] > 1 {
					return a, referee.RuleError([]string{citeNPCAttacks}, "mistywaters: %s names %s twice: name each of a player's Player Ships once", key, it)
				}
			}
			if p != nil {
				per[p.Name]++
				if per[p.Name] > st.fleetCap() {
					return a, referee.RuleError([]string{citeNPCAttacks, citeBuyingShips}, "mistywaters: %s names %s's ships %s, but a player has at most %s (ships afloat: %s): name a player once for each of their Player Ships there", key, p.Name, referee.Count(per[p.Name], "time"), referee.Count(st.fleetCap(), "Player Ship"), fleetText(p.Fleet))
				}
				continue
			}
			if seen[it] > 1 {
				return a, referee.Usagef("mistywaters: %s names %s twice: name each target once", key, it)
			}
		}
		return a, nil
	}
	return r.list(key, text, options, check)
}

// shipTargetHelp explains how target lists name Player Ships.
const shipTargetHelp = "NAME once for each Player Ship of NAME there, wherever it is stopped, or NAME-TYPE (e.g. Ann-sloop) for one of NAME's ships afloat; bosun then asks misty.ship.NAME"

// shipOptions are the target names of the Player Ships afloat: each player
// with a ship on the map, then NAME-TYPE for each of their ships. A player
// whose ships were all Lost is not offered until they have a new ship.
func (st *State) shipOptions() []string {
	var out []string
	for i := range st.Players {
		p := &st.Players[i]
		if len(p.Fleet) == 0 {
			continue
		}
		out = append(out, p.Name)
		out = append(out, p.shipTargetIDs()...)
	}
	return out
}

func (st *State) playerNames() []string {
	var out []string
	for _, p := range st.Players {
		out = append(out, p.Name)
	}
	return out
}
