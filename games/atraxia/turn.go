package atraxia

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// step runs one step of the procedure.
type step struct {
	st  *State
	v   Values
	env *referee.Env
	p   referee.Prompter
	// capa and present are the last fleet capacity and ships asked.
	capa, present int
}

func (t *step) emit(typ, text string, data map[string]any, cs ...string) {
	t.env.Emit(referee.Event{Type: typ, Text: text, Data: data, Cites: cs})
}

// Actions are the answers of wfa.turn.action. A "bonus+active" answer
// performs the Bonus Action and then its paired Active Action. Only those
// the rules allow now are offered (OfferedActions).
var Actions = []string{"collect", "rebuild+collect", "buy", "power+buy", "move", "teleporter+move",
	"redistribute", "teleporter+redistribute", "convert", "mount+convert", "dismount+convert",
	"upgrade", "ransom", "end"}

func (t *step) run() error {
	st := t.st
	c := st.current()
	if !st.Started {
		if err := t.startTurn(c); err != nil {
			return err
		}
		if st.Over {
			return nil
		}
	}
	text := fmt.Sprintf("Round %d, %s (%s clan): action %d of %d (bonus+active does the Bonus Action first; upgrade and ransom are free; end ends the turn; only the actions the rules allow now are offered)", st.Round, c.Player, c.Clan, st.Actions+1, st.Allowed)
	if st.Actions >= st.Allowed {
		text = fmt.Sprintf("Round %d, %s (%s clan): the %d Active Actions are taken; a free action (upgrade, ransom) or end the turn", st.Round, c.Player, c.Clan, st.Allowed)
	}
	act, err := t.chooseAction(text)
	if err != nil {
		return err
	}
	active := true
	switch act {
	case "collect", "rebuild+collect":
		err = t.collect(c, act == "rebuild+collect")
	case "buy", "power+buy":
		err = t.buy(c, act == "power+buy")
	case "move", "teleporter+move":
		if act == "teleporter+move" {
			err = t.teleporter(c)
		}
		if err == nil {
			err = t.move(c)
		}
	case "redistribute", "teleporter+redistribute":
		if act == "teleporter+redistribute" {
			err = t.teleporter(c)
		}
		if err == nil {
			err = t.redistribute(c)
		}
	case "convert", "mount+convert", "dismount+convert":
		switch act {
		case "mount+convert":
			err = t.mount(c)
		case "dismount+convert":
			err = t.dismount(c)
		}
		if err == nil {
			err = t.convert(c, act != "convert")
		}
	case "upgrade":
		active = false
		err = t.upgrade(c)
	case "ransom":
		active = false
		err = t.ransomAction(c)
	case "end":
		active = false
		t.emit("turn-end", fmt.Sprintf("%s ends the turn", c.Player), map[string]any{"player": c.Player}, CitePlayerActions)
		return t.endTurn()
	}
	if err != nil {
		return err
	}
	if st.Over {
		return nil
	}
	if c.Eliminated { // cannot happen on one's own turn, but be safe
		return t.endTurn()
	}
	if active {
		st.Actions++
		if st.Actions == 2 && !st.Asked3rd {
			st.Asked3rd = true
			yes, err := referee.Confirm(t.p, "wfa.turn.continent", fmt.Sprintf("Did %s control every island of the %s continent at any point during this turn (a third Active Action)?", c.Player, c.Clan))
			if err != nil {
				return err
			}
			if yes {
				st.Allowed = 3
				t.emit("extra-action", fmt.Sprintf("%s controls the whole %s continent: a third Active Action", c.Player, c.Clan), map[string]any{"player": c.Player}, CitePlayerActions)
			}
		}
	}
	// "Clan Leaders can perform this action at any point during their turn,
	// as a free action" (upgrade), and a ransom "any time during a
	// subsequent turn": after the last Active Action the turn ends when the
	// player says so while a free action is still allowed; with none left
	// there is nothing to ask and it ends here.
	if st.Actions >= st.Allowed && !freeLeft(st, t.v) {
		return t.endTurn()
	}
	return nil
}

func (t *step) startTurn(c *Clan) error {
	st := t.st
	st.Started, st.Actions, st.Allowed, st.Asked3rd = true, 0, 2, false
	st.Bought, st.Convert, st.Mounted, st.Dismount, st.TeleLost = 0, 0, false, false, 0
	st.Isle.Left = false
	st.Held = nil
	text := fmt.Sprintf("Round %d: %s's turn (%s clan)", st.Round, c.Player, c.Clan)
	if st.Count > 0 {
		text += fmt.Sprintf("; end-game countdown at %d", st.Count)
		if st.Count == 1 {
			text += " (last round)"
		}
	}
	// crystals and strength at the start of the turn: the chronicle's
	// charts (bosun report) read them.
	t.emit("turn", text, map[string]any{"round": st.Round, "player": c.Player, "clan": c.Clan, "countdown": st.Count,
		"crystals": c.Crystals, "strength": t.v.FleetStrength(c.OnBoard(), false)}, CitePlayerActions)
	if st.Isle.Holder == c.Clan && st.Isle.Fleet.Capital > 0 {
		paid, err := t.upkeep(c, false)
		if err != nil || !paid {
			return err
		}
		st.Isle.Upkeeps++
		need := 3
		if st.Opts.IsleWin == "entry-turn" {
			need = 2
		}
		if st.Isle.Upkeeps >= need {
			t.win([]string{c.Player}, fmt.Sprintf("%s controlled the Isle of Myth for 3 consecutive turns", c.Player), CiteGameEnd, CiteIsleControl)
		}
	}
	return nil
}

// upkeep makes the Isle's controller pay for its fleet; paid it gains 3
// Magic Crystals. Unpaid, the whole fleet moves to the nearest island the
// clan controls.
func (t *step) upkeep(c *Clan, final bool) (bool, error) {
	st := t.st
	strength := t.v.FleetStrength(st.Isle.Fleet, false)
	cost := t.v.Upkeep(strength)
	data := map[string]any{"player": c.Player, "strength": strength, "upkeep": cost, "oc": c.OC}
	when := "at the start of the turn"
	if final {
		when = "after the final round"
	}
	if c.OC >= cost {
		c.OC -= cost
		gain := t.v.IsleReward
		// From the Isle's reservoir (L62, L120), then the pile; no more
		// than the box's 30 Magic Crystals in all.
		fromIsle := min(gain, st.IsleMC)
		if st.Opts.Crystals == "box" {
			gain = fromIsle + t.takeCrystals(c, gain-fromIsle, "the Isle of Myth reward")
		}
		c.Crystals += gain
		st.IsleMC -= fromIsle
		data["crystals"] = gain
		t.emit("upkeep", fmt.Sprintf("%s pays the Isle of Myth upkeep %s: fleet strength %d -> %d OC (%d OC left) and gains %d Magic Crystals", c.Player, when, strength, cost, c.OC, gain), data, CiteUpkeep, CiteIsleControl)
		return true, nil
	}
	if final {
		t.emit("upkeep", fmt.Sprintf("%s cannot pay the Isle of Myth upkeep of %d OC (fleet strength %d, has %d OC): no Magic Crystals", c.Player, cost, strength, c.OC), data, CiteUpkeep, CiteGameEnd)
		return false, nil
	}
	var to Loc
	for {
		var err error
		to, err = t.askLoc("wfa.isle.upkeep.to", fmt.Sprintf("%s cannot pay the upkeep of %d OC (fleet strength %d, has %d OC): the whole fleet on the Isle moves to the nearest island %s controls; which?", c.Player, cost, strength, c.OC, c.Player), func(to Loc) error {
			if to.Kind == "isle" {
				return referee.RuleError(cites(CiteUpkeep), "atraxia: the fleet must leave the Isle of Myth for the nearest island %s controls", c.Player)
			}
			if b := st.block(to.Name); b != nil && b.Victim == c.Clan {
				return referee.RuleError(cites(CiteBlocking, CiteUpkeep), "atraxia: %s is blocked by %s's privateer: %s cannot use it (\"cannot ... take any other action that requires control of the island\")", to.Name, st.clan(b.Owner).Player, c.Player)
			}
			return nil
		})
		if err != nil {
			return false, err
		}
		// "Once the capacity is full, additional ships can not enter the
		// island for any reason": the fleet goes to the nearest controlled
		// island with room for it.
		t.capa = 0
		err = t.capacity("wfa.isle.upkeep.to", to, st.Isle.Fleet.Ships())
		if err == nil {
			break
		}
		if !referee.IsUsage(err) || t.capa == 0 {
			return false, err
		}
		t.emit("upkeep", fmt.Sprintf("%s (fleet capacity %d, %d ship(s) there) has no room for the %d ship(s) of the fleet: name the nearest island %s controls with room for them", to.Name, t.capa, t.present, st.Isle.Fleet.Ships(), c.Player),
			map[string]any{"player": c.Player, "to": to.Name, "capacity": t.capa, "present": t.present}, CiteFleetCapacity, CiteUpkeep)
	}
	if st.Isle.Fleet.Capital > 0 {
		c.Capital = to.Name
	}
	data["to"] = to.Name
	data["fleet"] = st.Isle.Fleet
	t.emit("upkeep", fmt.Sprintf("%s cannot pay the upkeep of %d OC (fleet strength %d, has %d OC): the fleet (%s) moves to %s and the Isle of Myth is lost", c.Player, cost, strength, c.OC, st.Isle.Fleet, to.Name), data, CiteUpkeep)
	st.Isle = Isle{Entered: st.Isle.Entered}
	return false, nil
}

func (t *step) endTurn() error {
	st := t.st
	c := st.current()
	if st.Isle.Holder == c.Clan && st.Isle.Left {
		t.emit("isle-lost", fmt.Sprintf("%s's Capital Ship left the Isle of Myth and did not return this turn: control is lost", c.Player), map[string]any{"player": c.Player}, CiteIsleControl)
		st.Isle.Holder, st.Isle.Upkeeps, st.Isle.Left = "", 0, false
	}
	st.Started = false
	next := st.Turn
	for {
		next++
		if next >= len(st.Clans) {
			if err := t.endRound(); err != nil || st.Over {
				return err
			}
			next = 0
		}
		if !st.Clans[next].Eliminated {
			break
		}
	}
	st.Turn = next
	return nil
}

func (t *step) endRound() error {
	st := t.st
	if st.Count == 1 {
		t.emit("round-end", fmt.Sprintf("End of round %d: that was the last round", st.Round), map[string]any{"round": st.Round}, CiteGameEnd)
		if h := st.clan(st.Isle.Holder); h != nil && st.Isle.Fleet.Capital > 0 && st.Isle.Clan == h.Clan {
			if _, err := t.upkeep(h, true); err != nil {
				return err
			}
		}
		return t.finalScoring()
	}
	if st.Count > 1 && st.Opts.Countdown == "after-entry" && st.Round == st.EntryRound {
		// countdown=after-entry: "the game will end after 5 more rounds"
		// counted from the round after the entry.
		t.emit("countdown", fmt.Sprintf("End of round %d: the turn tracker stays on %d; 5 more rounds follow", st.Round, st.Count), map[string]any{"round": st.Round, "countdown": st.Count}, CiteGameEnd)
	} else if st.Count > 1 {
		st.Count--
		text := fmt.Sprintf("End of round %d: move the turn tracker to %d", st.Round, st.Count)
		if st.Count == 1 {
			text += " (the next round is the last: each Clan Leader gets one final turn)"
		}
		t.emit("countdown", text, map[string]any{"round": st.Round, "countdown": st.Count}, CiteGameEnd)
	}
	st.Round++
	return nil
}

func (t *step) win(players []string, why string, cs ...string) {
	st := t.st
	st.Over, st.Winners, st.Why = true, players, why
	t.emit("game-over", why+"; winner: "+strings.Join(players, ", "), map[string]any{"winners": players}, cs...)
}

// finalScoring ranks the clans: most (unmounted) Magic Crystals, then most
// locations controlled, then the highest fleet strength on the board.
func (t *step) finalScoring() error {
	st := t.st
	var sc []Score
	for _, c := range st.active() {
		sc = append(sc, Score{Player: c.Player, Clan: c.Clan, Crystals: c.Crystals, Strength: t.v.FleetStrength(c.OnBoard(), false)})
	}
	// Ask the locations only of clans tied on crystals.
	count := map[int]int{}
	for _, s := range sc {
		count[s.Crystals]++
	}
	for i := range sc {
		if count[sc[i].Crystals] > 1 {
			n, err := referee.Number(t.p, "wfa.score.locations."+sc[i].Clan, fmt.Sprintf("Tie on %d Magic Crystals: how many locations does %s (%s clan) control?", sc[i].Crystals, sc[i].Player, sc[i].Clan), 0, 99)
			if err != nil {
				return err
			}
			sc[i].Locations = n
		}
	}
	ranked := RankScores(sc)
	st.Scores = ranked
	var winners []string
	for _, s := range ranked {
		if s.Rank == 1 {
			winners = append(winners, s.Player)
		}
	}
	var lines []string
	for _, s := range ranked {
		lines = append(lines, fmt.Sprintf("%d. %s %d crystal(s), %d location(s), strength %d", s.Rank, s.Player, s.Crystals, s.Locations, s.Strength))
	}
	t.emit("final-scoring", "Final scoring (mounted Magic Crystals do not count): "+strings.Join(lines, "; "), map[string]any{"scores": ranked}, CiteFinalScoring)
	t.win(winners, "the end-game countdown ended; most Magic Crystals wins", CiteGameEnd, CiteFinalScoring)
	return nil
}

// RankScores orders scores by crystals, then locations, then fleet
// strength; equal on all three share a rank.
func RankScores(sc []Score) []Score {
	out := append([]Score(nil), sc...)
	less := func(a, b Score) bool {
		if a.Crystals != b.Crystals {
			return a.Crystals > b.Crystals
		}
		if a.Locations != b.Locations {
			return a.Locations > b.Locations
		}
		return a.Strength > b.Strength
	}
	sort.SliceStable(out, func(i, j int) bool { return less(out[i], out[j]) })
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && !less(out[i-1], out[i]) {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// --- questions ---

// askLoc asks for a location. The answer is parsed, and checked by checks
// (pure: they read state, never change it), inside the question, so a
// typo at a terminal is re-asked in place instead of ending the step; a
// scripted answer they refuse is the same usage error as before.
func (t *step) askLoc(key, text string, checks ...func(Loc) error) (Loc, error) {
	parse := func(a string) (Loc, error) {
		l, err := ParseLoc(a)
		if err != nil {
			return Loc{}, err
		}
		for _, check := range checks {
			if err := check(l); err != nil {
				return Loc{}, err
			}
		}
		return l, nil
	}
	a, err := t.p.Ask(referee.Question{Key: key, Text: text + " (" + LocSyntax + ")", Kind: referee.KindText, Accepted: "a location: " + LocSyntax,
		Check: func(a string) (string, error) { _, err := parse(a); return a, err }})
	if err != nil {
		return Loc{}, err
	}
	return parse(a)
}

// askFleet asks for ships, parsed and checked inside the question as
// askLoc does.
func (t *step) askFleet(key, text string, checks ...func(Fleet) error) (Fleet, error) {
	parse := func(a string) (Fleet, error) {
		f, err := ParseFleet(a)
		if err != nil {
			return Fleet{}, err
		}
		for _, check := range checks {
			if err := check(f); err != nil {
				return Fleet{}, err
			}
		}
		return f, nil
	}
	a, err := t.p.Ask(referee.Question{Key: key, Text: text + " (" + FleetSyntax + ")", Kind: referee.KindText, Accepted: FleetSyntax,
		Check: func(a string) (string, error) { _, err := parse(a); return a, err }})
	if err != nil {
		return Fleet{}, err
	}
	return parse(a)
}

func (t *step) askNum(key, text string, lo, hi int) (int, error) {
	return referee.Number(t.p, key, text, lo, hi)
}

// optional asks a question only when an answer is preset for it (a choice
// bosun otherwise makes itself, e.g. which ships retreat home).
func (t *step) optional(key string) bool {
	ps, ok := t.p.(referee.Presetter)
	return ok && ps.HasAnswer(key)
}
