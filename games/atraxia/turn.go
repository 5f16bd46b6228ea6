package atraxia

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
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
		text = fmt.Sprintf("Round %d, %s (%s clan): the %s %s taken; a free action (upgrade, ransom) or end the turn", st.Round, c.Player, c.Clan, referee.Count(st.Allowed, "Active Action"), referee.Noun(st.Allowed, "is", "are"))
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
			// Enter answers no: a yes grants an Active Action, so the table
			// says it.
			yes, err := referee.Confirm(t.p, "wfa.turn.continent", fmt.Sprintf("Did %s control every island of the %s continent at any point during this turn (a third Active Action)?", c.Player, c.Clan), "no")
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
		// From the Isle's reservoir (war-for-atraxia/isle-of-myth, war-for-atraxia/game-setup), then the pile; no more
		// than the box's 30 Magic Crystals in all.
		fromIsle := min(gain, st.IsleMC)
		if st.Opts.Crystals == "box" {
			gain = fromIsle + t.takeCrystals(c, gain-fromIsle, "the Isle of Myth reward")
		}
		c.Crystals += gain
		st.IsleMC -= fromIsle
		data["crystals"] = gain
		t.emit("upkeep", fmt.Sprintf("%s pays the Isle of Myth upkeep %s: fleet strength %d -> %d OC (%d OC left) and gains %s", c.Player, when, strength, cost, c.OC, referee.Count(gain, "Magic Crystal")), data, CiteUpkeep, CiteIsleControl)
		return true, nil
	}
	if final {
		t.emit("upkeep", fmt.Sprintf("%s cannot pay the Isle of Myth upkeep of %d OC (fleet strength %d, has %d OC): no Magic Crystals", c.Player, cost, strength, c.OC), data, CiteUpkeep, CiteGameEnd)
		return false, nil
	}
	// "Once the capacity is full, additional ships can not enter the
	// island for any reason": the fleet goes to the nearest controlled
	// island with room for it; one without room is asked again.
	var to Loc
	skip := excluded{}
	n := st.Isle.Fleet.Ships()
	for {
		var err error
		to, err = t.askLoc("wfa.isle.upkeep.to", fmt.Sprintf("%s cannot pay the upkeep of %d OC (fleet strength %d, has %d OC): the whole fleet on the Isle (%s) moves to the nearest island %s controls with room for it; which?", c.Player, cost, strength, c.OC, referee.Count(n, "ship"), c.Player), skip.check, func(to Loc) error {
			if to.Kind == "isle" {
				return referee.RuleError(cites(CiteUpkeep), "atraxia: the fleet must leave the Isle of Myth for the nearest island %s controls", c.Player)
			}
			if b := st.block(to.Name); b != nil && b.Victim == c.Clan {
				return referee.RuleError(cites(CiteBlocking, CiteUpkeep), "atraxia: %s is blocked by %s's privateer: %s cannot use it (\"cannot ... take any other action that requires control of the island\")", to.Name, st.clan(b.Owner).Player, c.Player)
			}
			if a := st.apex(to.Name); a != nil && (a.Covered || a.Pirate || a.Tile > 0) {
				return referee.RuleError(cites(CiteUpkeep, CiteControlling), "atraxia: %s is not controlled by %s (%s)", to.Name, c.Player, apexState(a))
			}
			return nil
		})
		if err != nil {
			return false, err
		}
		room, err := t.room("wfa.isle.upkeep.to", to, false)
		if err != nil {
			return false, err
		}
		if room >= n {
			break
		}
		skip[to.Name] = fmt.Sprintf("it has room for %s (fleet capacity %d, %s there), not the fleet's %d", referee.Count(max(room, 0), "more ship"), t.capa, referee.Count(t.present, "ship"), n)
		t.emit("upkeep", fmt.Sprintf("%s (fleet capacity %d, %s there) has no room for the %s of the fleet: name the nearest island %s controls with room for them", to.Name, t.capa, referee.Count(t.present, "ship"), referee.Count(n, "ship"), c.Player),
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

// LocationsText is a score's locations as shown: counted only for clans
// tied on Magic Crystals (the locations are asked only of them), so for
// the others "locations not counted", not "0 locations" (issue #29).
func LocationsText(s Score, all []Score) string {
	for _, o := range all {
		if o.Player != s.Player && o.Crystals == s.Crystals {
			return referee.Count(s.Locations, "location")
		}
	}
	return "locations not counted"
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
			n, err := t.askNum("wfa.score.locations."+sc[i].Clan, fmt.Sprintf("Tie on %s: how many locations does %s (%s clan) control?", referee.Count(sc[i].Crystals, "Magic Crystal"), sc[i].Player, sc[i].Clan), 0, 99)
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
		lines = append(lines, fmt.Sprintf("%d. %s %s, %s, strength %d", s.Rank, s.Player, referee.Count(s.Crystals, "crystal"), LocationsText(s, ranked), s.Strength))
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

// ask asks q. A refusal by its Check names the question's key and the
// answer refused, as the referee's own checks do, so a scripted wrong
// answer (exit 2) says which answer to fix.
func (t *step) ask(q referee.Question) (string, error) {
	if check := q.Check; check != nil {
		// The referee's own form, `answer "x" for KEY (question): why`,
		// which --json reads the key from and a terminal shortens to the
		// answer and why.
		text, key := q.Text, q.Key
		q.Check = func(a string) (string, error) {
			v, err := check(a)
			var ue *referee.UsageError
			if err != nil && errors.As(err, &ue) {
				return v, referee.RuleError(ue.Cites, "answer %q for %s (%s): %s", a, key, text, ue.Msg)
			}
			return v, err
		}
	}
	return t.p.Ask(q)
}

// askLoc asks for a location. The answer is parsed (a clan's island only
// of a clan in the game), and checked by checks (pure: they read state,
// never change it), inside the question, so a typo at a terminal is
// re-asked in place instead of ending the step; a scripted answer they
// refuse is the same usage error as before.
func (t *step) askLoc(key, text string, checks ...func(Loc) error) (Loc, error) {
	parse := func(a string) (Loc, error) {
		l, err := t.st.parseLoc(a)
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
	syntax := t.st.locSyntax()
	a, err := t.ask(referee.Question{Key: key, Text: text + " (" + syntax + ")", Kind: referee.KindText, Accepted: "a location: " + syntax,
		Check: func(a string) (string, error) { _, err := parse(a); return a, err }})
	if err != nil {
		return Loc{}, err
	}
	return parse(a)
}

// askFleet asks for ships, parsed and checked inside the question as
// askLoc does. def, when set, is the question's default.
func (t *step) askFleet(key, text, def string, checks ...func(Fleet) error) (Fleet, error) {
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
	a, err := t.ask(referee.Question{Key: key, Text: text + " (" + FleetSyntax + ")", Kind: referee.KindText, Accepted: FleetSyntax, Default: def,
		Check: func(a string) (string, error) { _, err := parse(a); return a, err }})
	if err != nil {
		return Fleet{}, err
	}
	return parse(a)
}

// askNum asks for a whole number in [lo, hi] with no default. A range
// with one value is not asked: that value is the answer.
func (t *step) askNum(key, text string, lo, hi int) (int, error) {
	return t.askNumQ(referee.Question{Key: key, Text: text, Kind: referee.KindNumber, Min: lo, Max: hi})
}

// askNumQ asks a number question (its Min, Max, Default and Check as
// given); a range with one value is not asked.
func (t *step) askNumQ(q referee.Question) (int, error) {
	q.Kind = referee.KindNumber
	if q.Max < q.Min {
		q.Max = q.Min
	}
	if q.Min == q.Max {
		return q.Min, nil
	}
	a, err := t.ask(q)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(a)
}

// room asks a location's fleet capacity and the ships already there and
// returns how many more ships may enter ("Once the capacity is full,
// additional ships can not enter the island for any reason"). The Isle of
// Myth has no limit. With empty the location is known to hold no ship and
// only its capacity is asked.
func (t *step) room(prefix string, loc Loc, empty bool) (int, error) {
	t.capa, t.present = 0, 0
	if loc.Kind == "isle" {
		return unlimited, nil
	}
	capa, err := t.askNum(prefix+".capacity", fmt.Sprintf("Fleet capacity of %s (the number in its flag)", loc.Name), 1, 99)
	if err != nil {
		return 0, err
	}
	present := 0
	if !empty {
		if present, err = t.askNum(prefix+".present", fmt.Sprintf("Ships already on %s (all clans; %d is full: then no ship can enter)", loc.Name, capa), 0, capa); err != nil {
			return 0, err
		}
	}
	t.capa, t.present = capa, present
	return capa - present, nil
}

// unlimited is the room on the Isle of Myth ("THE ISLE OF MYTH IS THE ONLY
// ISLAND THAT HAS AN UNLIMITED FLEET CAPACITY").
const unlimited = 1 << 20

// roomRefusal refuses n ships entering loc with room left.
func (t *step) roomRefusal(loc Loc, n, room int) error {
	if n <= room || loc.Kind == "isle" {
		return nil
	}
	return referee.RuleError(cites(CiteFleetCapacity), "atraxia: %s holds %s of a fleet capacity of %d: %s more cannot enter (accepted: at most %s)",
		loc.Name, referee.Count(t.present, "ship"), t.capa, referee.Count(n, "ship"), referee.Count(room, "ship"))
}

// excluded are the answers of a location question found impossible later
// in the step (a full island, one the clan controls): the question is
// asked again, and refuses them with the reason.
type excluded map[string]string

func (x excluded) check(l Loc) error {
	if why, ok := x[l.Name]; ok {
		return referee.RuleError(cites(CiteFleetCapacity, CiteMoveRedistribute), "atraxia: %s: %s; name another location", l.Name, why)
	}
	return nil
}

// optional asks a question only when an answer is preset for it (a choice
// bosun otherwise makes itself, e.g. which ships retreat home).
func (t *step) optional(key string) bool {
	ps, ok := t.p.(referee.Presetter)
	return ok && ps.HasAnswer(key)
}
