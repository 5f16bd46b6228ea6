package atraxia

import (
	"fmt"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// sideInput asks one side's free conversion, Ammo cards, Power cards and
// clan ability, and takes the cards from the clan's hand.
func (t *step) sideInput(c *Clan, role string, fleet Fleet) (Side, error) {
	s := Side{Clan: c.Clan, Fleet: fleet}
	pre := "wfa.battle." + role
	if len(t.st.usableMounts(c)) > 0 {
		if err := t.convertAs(c, pre+".convert", false); err != nil {
			return s, err
		}
	}
	if len(c.Ammo) > 0 {
		// The cards are parsed and checked against the hand inside the
		// question, so a typo is re-asked at a terminal.
		parse := func(a string) (played, rest []int, err error) {
			if played, err = ParseAmmo(a); err != nil {
				return nil, nil, err
			}
			rest, ok := takeCards(c.Ammo, played)
			if !ok {
				return nil, nil, referee.Usagef("atraxia: %s holds the Ammo cards %s, cannot play %s", c.Player, cardsText(c.Ammo), cardsText(played))
			}
			if len(played) > t.v.Cost["battle-ammo-cards"] {
				return nil, nil, referee.RuleError(cites(CiteWarfare), "atraxia: at most %s per battle", referee.Count(t.v.Cost["battle-ammo-cards"], "Ammo card"))
			}
			return played, rest, nil
		}
		a, err := t.ask(referee.Question{Key: pre + ".ammo", Kind: referee.KindText, Accepted: "none, or the values of Ammo cards in hand, comma-separated (e.g. 5,1)",
			Text:  fmt.Sprintf("%s (%s) plays Ammo cards face down, at most %d: which values (hand %s), or none", c.Player, role, t.v.Cost["battle-ammo-cards"], cardsText(c.Ammo)),
			Check: func(a string) (string, error) { _, _, err := parse(a); return a, err }})
		if err != nil {
			return s, err
		}
		played, rest, err := parse(a)
		if err != nil {
			return s, err
		}
		s.Ammo = played
		c.Ammo = rest
	}
	if c.Power > 0 {
		n, err := t.askNum(pre+".power", fmt.Sprintf("How many Power cards does %s (%s) play face down (hand %d, at most 2)?", c.Player, role, c.Power), 0, min(c.Power, t.v.Cost["battle-power-cards"]))
		if err != nil {
			return s, err
		}
		if n > 0 {
			s.PowerCards = n
			if s.PowerOwn, err = t.askNumQ(referee.Question{Key: pre + ".power.own", Text: "The Power cards' effect on " + c.Player + "'s own total (e.g. 3; Enter: 0)", Min: -MaxEffect, Max: MaxEffect, Default: "0"}); err != nil {
				return s, err
			}
			if s.PowerAgainst, err = t.askNumQ(referee.Question{Key: pre + ".power.against", Text: "The Power cards' effect on the opponent's total (e.g. -4; Enter: 0)", Min: -MaxEffect, Max: MaxEffect, Default: "0"}); err != nil {
				return s, err
			}
			c.Power -= n
		}
	}
	var err error
	s.Ability, err = t.askNumQ(referee.Question{Key: pre + ".ability", Min: -MaxEffect, Max: MaxEffect, Default: "0",
		Text: fmt.Sprintf("%s's Clan Leader ability %d.0: combat bonus it gives in this battle (Enter: 0, it does not apply)", c.Player, c.Ability)})
	return s, err
}

// battle resolves a clan's fleet moving onto an opponent's fleet.
func (t *step) battle(att, def *Clan, from, to Loc, ships Fleet) error {
	st := t.st
	var defFleet Fleet
	if to.Kind == "isle" {
		defFleet = st.Isle.Fleet
		if ships.Capital > 0 && !st.Isle.Entered {
			t.startCountdown()
		}
	} else {
		f, err := t.askFleet("wfa.battle.defender.fleet", fmt.Sprintf("Battle on %s: %s's ships there (without a privateer; none if the privateer is alone)", to.Name, def.Player), referee.NoDefault, func(f Fleet) error {
			if f.Privateer > 0 || (f.Empty() && def.Privateer != to.Name) || !def.OnBoard().Covers(f) || (f.Capital > 0) != (def.Capital == to.Name) {
				return referee.Usagef("atraxia: %s is not %s's fleet on %s (on the board: %s; Capital Ship on %s)", f, def.Player, to.Name, def.OnBoard(), def.Capital)
			}
			return nil
		})
		if err != nil {
			return err
		}
		defFleet = f
		re, err := t.askFleet("wfa.battle.defender.reinforce", fmt.Sprintf("%s may take a free Redistribute Ships action along a connected trail: which ships reinforce %s (none if none)?", def.Player, to.Name), "none", func(re Fleet) error {
			if re.Privateer > 0 {
				return referee.RuleError(cites(CitePrivateerRules), "atraxia: the privateer cannot join a defending fleet by the free redistribute")
			}
			if re.Empty() {
				return nil
			}
			if !def.OnBoard().Covers(defFleet.Add(re)) || (re.Capital > 0 && def.Capital == to.Name) {
				return referee.Usagef("atraxia: %s cannot reinforce: %s has %s on the board", re, def.Player, def.OnBoard())
			}
			if re.Capital > 0 && def.Capital == "isle" {
				return referee.RuleError(cites(CiteConnectedTrail, CiteWarfare), "atraxia: %s's Capital Ship is on the Isle of Myth, which \"can not be part of a connected trail\": it cannot reinforce by the free redistribute", def.Player)
			}
			if t.capa > 0 && t.present+ships.Ships()+re.Ships() > t.capa {
				return referee.RuleError(cites(CiteWarfare, CiteFleetCapacity), "atraxia: reinforcing %s with %s exceeds its fleet capacity of %d (%d there, %d attacking)", to.Name, re, t.capa, t.present, ships.Ships())
			}
			return nil
		})
		if err != nil {
			return err
		}
		if !re.Empty() {
			if re.Capital > 0 {
				def.Capital = to.Name
			}
			defFleet = defFleet.Add(re)
			t.emit("reinforce", fmt.Sprintf("%s redistributes %s onto %s for free", def.Player, re, to.Name), map[string]any{"player": def.Player, "ships": re}, CiteWarfare, CiteConnectedTrail)
		}
		if def.Privateer == to.Name {
			defFleet.Privateer = 1
		}
	}
	as, err := t.sideInput(att, "attacker", ships)
	if err != nil {
		return err
	}
	ds, err := t.sideInput(def, "defender", defFleet)
	if err != nil {
		return err
	}
	in := BattleInput{Attacker: as, Defender: ds, HomeBase: to.Kind == "home" && to.Clan == def.Clan}
	res, err := Resolve(t.v, in)
	if err != nil {
		return err
	}
	t.env.Reveal()
	data := map[string]any{"attacker": att.Player, "defender": def.Player, "location": to.Name, "input": in, "result": res}
	text := fmt.Sprintf("Battle on %s: %s attacks %s. %s: %s. %s: %s.", to.Name, att.Player, def.Player, att.Player, res.Attacker.Formula(), def.Player, res.Defender.Formula())
	if res.Winner == "attacker" {
		text += fmt.Sprintf(" %s wins", att.Player)
		if res.Attacker.Total == res.Defender.Total {
			text += " (ties go to the attacker)"
		}
		t.emit("battle", text, data, res.Cites...)
		if err := t.defeat(att, def, to, defFleet, res.Crystals, to.Kind == "isle"); err != nil {
			return err
		}
		if to.Kind == "isle" {
			st.Isle.Fleet, st.Isle.Clan = Fleet{}, ""
		}
		t.moved(att, from, to, ships)
	} else {
		text += fmt.Sprintf(" %s wins and keeps %s", def.Player, to.Name)
		t.emit("battle", text, data, res.Cites...)
		t.leave(att, from, ships)
		return t.defeat(def, att, to, ships, res.Crystals, false)
	}
	return nil
}

// leave takes a defeated attacking fleet off the Isle of Myth when it
// attacked from there.
func (t *step) leave(c *Clan, from Loc, ships Fleet) {
	st := t.st
	if from.Kind != "isle" {
		return
	}
	st.Isle.Fleet = st.Isle.Fleet.Sub(ships)
	if ships.Capital > 0 && st.Isle.Holder == c.Clan {
		st.Isle.Left = true
	}
	if st.Isle.Fleet.Empty() {
		st.Isle.Clan = ""
	}
}

// defeat applies a battle result: the winner's crystals, the loser's
// retreat, teleporter, mounted crystal, Home Base and elimination.
func (t *step) defeat(win, lose *Clan, loc Loc, lost Fleet, crystals int, isle bool) error {
	st := t.st
	// "If the battle results in the Clan Leader losing control of their
	// Home Base, they are eliminated from the game": a fleet beaten on its
	// own Home Base has no Home Base to retreat to.
	fell := loc.Kind == "home" && loc.Clan == lose.Clan
	var r Retreat
	if !fell {
		var err error
		if r, err = t.retreat(lose, lost); err != nil {
			return err
		}
	}
	crystals = t.takeCrystals(win, crystals, "winning the battle")
	win.Crystals += crystals
	lose.Reserve = lose.Reserve.Add(Fleet{Destroyer: r.Reserve.Destroyer, Frigate: r.Reserve.Frigate, Gunboat: r.Reserve.Gunboat})
	if lost.Capital > 0 && !fell {
		lose.Capital = lose.Home()
	}
	if lost.Privateer > 0 && !fell {
		lose.Privateer = "reserve"
		st.Held = append(st.Held, lose.Clan)
	}
	if isle && st.Isle.Holder == lose.Clan {
		st.Isle.Holder, st.Isle.Upkeeps, st.Isle.Left = "", 0, false
	}
	parts := []string{fmt.Sprintf("%s gains %s", win.Player, referee.Count(crystals, "Magic Crystal"))}
	cs := []string{CiteWinner, CiteLoser}
	if !fell {
		parts = append(parts, fmt.Sprintf("%s retreats: %s to %s, %s to the reserve", lose.Player, r.Home, lose.Home(), r.Reserve))
		if p := t.loseTeleporter(lose, loc.Name); p != "" {
			parts = append(parts, p)
		}
	}
	if i := lose.mountAt(loc.Name); i >= 0 {
		// "If an opponent gains control of the island they will also gain
		// control of the Magic Crystal": it stays mounted, now the winner's
		// (captured-crystal=mounted), or becomes a loose crystal (loose).
		m := lose.Mounted[i]
		lose.Mounted = append(lose.Mounted[:i], lose.Mounted[i+1:]...)
		if st.Opts.Captured == "loose" {
			win.Crystals++
			parts = append(parts, fmt.Sprintf("%s takes the Magic Crystal mounted on %s (a loose crystal now)", win.Player, loc.Name))
		} else {
			win.Mounted = append(win.Mounted, m)
			parts = append(parts, fmt.Sprintf("%s gains control of the Magic Crystal mounted on %s (it stays mounted: it converts into %s for %s and does not count in the final score until dismounted)", win.Player, loc.Name, m.Resource, win.Player))
		}
		cs = append(cs, CiteMount)
	}
	if fell {
		// "If the battle location was an opponent's Home Base, immediately
		// acquire all Magic Crystals and resources of that opponent"; the
		// winner "gain[s] use of that Home Base's teleporter".
		mc := lose.Crystals + len(lose.Mounted)
		win.Crystals += mc
		win.OC += lose.OC
		win.AlWood += lose.AlWood
		win.Ammo = append(win.Ammo, lose.Ammo...)
		parts = append(parts, fmt.Sprintf("%s takes %s's Home Base with %s, %d OC, %d AlWood and %d Ammo, and gains use of its teleporter", win.Player, lose.Player, referee.Count(mc, "Magic Crystal"), lose.OC, lose.AlWood, lose.AmmoTotal()))
		parts = append(parts, fmt.Sprintf("%s has lost the Home Base and is eliminated from the game: the beaten fleet (%s) has no Home Base to retreat to; take all of %s's ships and teleporters off the board", lose.Player, lost, lose.Player))
		lose.Crystals, lose.Mounted, lose.OC, lose.AlWood, lose.Ammo = 0, nil, 0, 0, nil
		lose.Eliminated = true
		// Every ship off the board: none on it, none hostage.
		lose.Reserve, lose.Hostage, lose.Capital, lose.Privateer, lose.Teleporters = StartFleet, Fleet{}, "", "", nil
		win.Homes = append(win.Homes, loc.Name)
		if st.Isle.Clan == lose.Clan {
			st.Isle = Isle{Entered: st.Isle.Entered}
		}
		for i := 0; i < len(st.Blocks); i++ {
			if b := st.Blocks[i]; b.Owner == lose.Clan || b.Victim == lose.Clan {
				if v := st.clan(b.Victim); b.Owner == lose.Clan && v != nil {
					// The eliminated clan's privateer leaves the board: the
					// ships it held hostage are free again.
					v.Hostage = v.Hostage.Sub(b.Hostages)
				}
				st.Blocks = append(st.Blocks[:i], st.Blocks[i+1:]...)
				i--
			}
		}
		cs = append(cs, CiteGameEnd, CiteTeleporters)
	}
	t.emit("battle-result", joinParts(parts), map[string]any{"winner": win.Player, "loser": lose.Player, "crystals": crystals, "home": r.Home, "reserve": r.Reserve, "eliminated": lose.Eliminated}, cs...)
	if lose.Eliminated {
		if act := st.active(); len(act) == 1 {
			t.win([]string{act[0].Player}, act[0].Player+" is the last clan standing", CiteGameEnd)
		}
	}
	return nil
}

// loseTeleporter applies "Destroys teleporter (if present). It may be
// rebuilt on a subsequent turn by paying the required cost." to the loser of
// a battle on island, and says so ("" when it had none there).
func (t *step) loseTeleporter(lose *Clan, island string) string {
	st := t.st
	for i, tp := range lose.Teleporters {
		if tp == island {
			lose.Teleporters = append(lose.Teleporters[:i], lose.Teleporters[i+1:]...)
			if lose == st.current() {
				st.TeleLost++
			}
			return fmt.Sprintf("%s's teleporter on %s is destroyed", lose.Player, island)
		}
	}
	return ""
}

// retreat splits a defeated fleet (RetreatOf); the loser may name the ships
// sent home at wfa.battle.retreat.home (asked only when answered ahead).
func (t *step) retreat(lose *Clan, lost Fleet) (Retreat, error) {
	r := RetreatOf(lost, t.st.Opts.Retreat)
	if !t.optional("wfa.battle.retreat.home") {
		return r, nil
	}
	// Parsed and checked inside the question, so a typo is re-asked at a
	// terminal.
	check := func(a string) (string, error) {
		f, err := ParseFleet(a)
		if err != nil {
			return a, err
		}
		_, err = RetreatChoice(lost, f, t.st.Opts.Retreat)
		return a, err
	}
	a, err := t.ask(referee.Question{Key: "wfa.battle.retreat.home", Kind: referee.KindText, Accepted: FleetSyntax, Default: r.Home.Letters(),
		Text:  fmt.Sprintf("Ships of %s sent to the Home Base (%d of %s: half rounded down, the Capital Ship always) (%s)", lose.Player, r.Home.Ships(), lost, FleetSyntax),
		Check: check})
	if err != nil {
		return r, err
	}
	f, err := ParseFleet(a)
	if err != nil {
		return r, err
	}
	return RetreatChoice(lost, f, t.st.Opts.Retreat)
}

func joinParts(p []string) string {
	s := ""
	for i, x := range p {
		if i > 0 {
			s += "; "
		}
		s += x
	}
	return s
}

// pirate resolves a fleet entering a pirate-held Apex Island.
func (t *step) pirate(c *Clan, a *Apex, from, to Loc, ships Fleet) error {
	// Hiring is offered only when the rules allow it now (one active
	// privateer, not back in the reserve this turn, paid in full), so the
	// answer never throws away the move and what came before it.
	oc, al := t.v.Cost["privateer-oc"], t.v.Cost["privateer-alwood"]
	why := hireRefusal(t.st, t.v, c)
	q := referee.Question{Key: "wfa.pirate.choice", Kind: referee.KindChoose, Options: []string{"fight", "hire"}, Default: referee.NoDefault,
		Text: fmt.Sprintf("%s meets the pirates on %s: fight (Scenario A) or hire them as a Privateer (Scenario B, %d OC + %d AlWood)?", c.Player, a.Name, oc, al),
		Check: func(a string) (string, error) {
			if a == "hire" && why != nil {
				return a, why
			}
			return a, nil
		}}
	if why != nil {
		// The only answer left: "Immediately upon moving to an Apex Island
		// controlled by the pirates a Clan Leader must choose one of the two
		// following scenarios".
		q.Text = fmt.Sprintf("%s meets the pirates on %s: fight them (Scenario A; hiring is not possible: %s)", c.Player, a.Name, strings.TrimPrefix(why.Error(), "atraxia: "))
		q.Default = "fight"
		if !referee.AnsweredAhead(t.p, q.Key) {
			q.Options = []string{"fight"}
		}
	}
	ch, err := t.ask(q)
	if err != nil {
		return err
	}
	if ch == "hire" {
		c.OC -= oc
		c.AlWood -= al
		c.Privateer = c.Home()
		a.Pirate = false
		t.moved(c, from, to, ships)
		t.emit("privateer-hired", fmt.Sprintf("%s hires the pirate of %s as a Privateer for %d OC and %d AlWood: the privateer goes to %s and %s moves onto %s and controls it", c.Player, a.Name, oc, al, c.Home(), ships, a.Name),
			map[string]any{"player": c.Player, "apex": a.Name}, CitePirateHire)
		return nil
	}
	side, err := t.sideInput(c, "attacker", ships)
	if err != nil {
		return err
	}
	die, err := referee.LoadDie(t.env.Tables, t.env.Prompt, PirateDie)
	if err != nil {
		return err
	}
	rolls, err := t.env.Dice.RollN("wfa.pirate.roll", die, 2)
	if err != nil {
		return err
	}
	in := BattleInput{Attacker: side, Pirate: true, PirateRolls: referee.Values(rolls)}
	res, err := Resolve(t.v, in)
	if err != nil {
		return err
	}
	t.env.Reveal()
	data := map[string]any{"player": c.Player, "apex": a.Name, "input": in, "result": res}
	text := fmt.Sprintf("Pirate battle on %s: %s %s against the pirate %s", a.Name, c.Player, res.Attacker.Formula(), res.Defender.Formula())
	if res.Winner == "attacker" {
		a.Pirate = false
		res.Crystals = t.takeCrystals(c, res.Crystals, "defeating the pirate")
		c.Crystals += res.Crystals
		t.moved(c, from, to, ships)
		t.emit("pirate-battle", text+fmt.Sprintf(": %s defeats the pirate (removed for good), takes control of %s and gains %s", c.Player, a.Name, referee.Count(res.Crystals, "Magic Crystal")), data, res.Cites...)
		return nil
	}
	r, err := t.retreat(c, ships)
	if err != nil {
		return err
	}
	t.leave(c, from, ships)
	c.Reserve = c.Reserve.Add(r.Reserve)
	if ships.Capital > 0 {
		c.Capital = c.Home()
	}
	data["home"], data["reserve"] = r.Home, r.Reserve
	// Ruling (pirate-teleporter): "If the Clan Leader is Defeated: The Clan
	// Leader retreats. Half of the ships ... The Capital Ship is always sent
	// to the Home Base. The pirate ship retains control of the Apex Island."
	// names no teleporter, and "follows the normal rules for warfare" is said
	// of "determine their total combat power" (kept). With destroyed, the
	// Rules of Warfare's loser "Destroys teleporter (if present)" applies.
	tele := ""
	cs := []string{CitePirateCombat}
	if t.st.Opts.PirateTele == "destroyed" {
		if p := t.loseTeleporter(c, a.Name); p != "" {
			tele = "; " + p
			cs = append(cs, CiteLoser)
		}
	}
	t.emit("pirate-battle", text+fmt.Sprintf(": the pirate wins and keeps %s; %s retreats %s to %s and %s to the reserve%s", a.Name, c.Player, r.Home, c.Home(), r.Reserve, tele), data, cs...)
	return nil
}

// hireRefusal is why c cannot hire a pirate as a Privateer now, or nil.
func hireRefusal(st *State, v Values, c *Clan) error {
	// "EACH CLAN LEADER MAY ONLY HAVE ONE ACTIVE PRIVATEER ALLY": one in
	// the reserve is not active (privateer-rehire=reserve) unless the
	// option says no.
	if c.Privateer != "" && (c.Privateer != "reserve" || st.Opts.Rehire == "no") {
		where := c.Privateer
		if where == "reserve" {
			where = "in the reserve (privateer-rehire=no)"
		} else {
			where = "on " + where
		}
		return referee.RuleError(cites(CitePirateHire), "atraxia: each Clan Leader may only have one active Privateer ally (%s's is %s)", c.Player, where)
	}
	if st.held(c.Clan) {
		return referee.RuleError(cites(CiteCombatPrivateer), "atraxia: %s's privateer went back to the reserve this turn: it \"can be repurchased on a subsequent turn\"", c.Player)
	}
	if oc, al := v.Cost["privateer-oc"], v.Cost["privateer-alwood"]; c.OC < oc || c.AlWood < al {
		return referee.RuleError(cites(CitePirateHire), "atraxia: \"To hire a pirate, pay a cost of 6 Ocean Crystals and 4 AlWood\": %s has %d OC and %d AlWood, not %d OC and %d AlWood", c.Player, c.OC, c.AlWood, oc, al)
	}
	return nil
}

// privateerBlockRefusal is why c's privateer (ships) cannot block to,
// held by holder: checked in the ships question.
func (t *step) privateerBlockRefusal(c, holder *Clan, from, to Loc, ships Fleet) error {
	pr := cites(CitePrivateerRules)
	if ships.Ships() != 1 {
		return referee.RuleError(pr, "atraxia: a privateer cannot be part of an attacking fleet; it blocks an opponent's island alone")
	}
	if holder.Privateer == to.Name {
		return referee.RuleError(pr, "atraxia: a privateer cannot fight another privateer (%s's is on %s)", holder.Player, to.Name)
	}
	// "Using a teleporter, a Clan Leader can use a "Move Ship" action to move
	// their privateer to any dockable island controlled by their opponent to
	// block the island" and "Once built, Clan Leaders can consider islands
	// with their teleporters as adjacent": a teleporter at each end.
	if !(c.hasTeleporter(from.Name) && c.hasTeleporter(to.Name)) {
		missing := from.Name
		if c.hasTeleporter(from.Name) {
			missing = to.Name
		}
		return referee.RuleError(cites(CitePrivateerRules, CiteTeleporterBuild), "atraxia: the privateer blocks an island by a Move Ships action using a teleporter, from one of %s's teleporters to another; %s has no teleporter on %s (teleporter+move deploys them)", c.Player, c.Player, missing)
	}
	if to.Kind == "home" {
		return referee.RuleError(pr, "atraxia: the privateer cannot ever move onto an opponent's Home Base")
	}
	if !to.Dockable() {
		return referee.RuleError(pr, "atraxia: the privateer cannot ever move onto a non-dockable island controlled by an opponent (%s)", to.Name)
	}
	if holder.Capital == to.Name {
		return referee.RuleError(pr, "atraxia: the privateer cannot ever move onto an island controlled by a fleet with an opponent's Capital Ship (%s's is on %s)", holder.Player, to.Name)
	}
	return nil
}

// privateerBlock: a privateer teleports onto an opponent's dockable island
// (privateerBlockRefusal checked it).
func (t *step) privateerBlock(c, holder *Clan, from, to Loc, ships Fleet) error {
	st := t.st
	h, err := t.askFleet("wfa.privateer.hostages", fmt.Sprintf("%s's ships on %s (now held hostage)", holder.Player, to.Name), referee.NoDefault, func(h Fleet) error {
		if h.Empty() || h.Privateer > 0 || h.Capital > 0 || !holder.OnBoard().Covers(h) {
			return referee.Usagef("atraxia: %s is not %s's fleet on %s (on the board: %s)", h, holder.Player, to.Name, holder.OnBoard())
		}
		return nil
	})
	if err != nil {
		return err
	}
	holder.Hostage = holder.Hostage.Add(h)
	c.Privateer = to.Name
	b := &Block{Island: to.Name, Owner: c.Clan, Victim: holder.Clan, Hostages: h}
	st.Blocks = append(st.Blocks, b)
	t.emit("privateer-block", fmt.Sprintf("%s's privateer teleports onto %s: the island is blocked and %s's %s are held hostage (no combat; no third clan may enter)", c.Player, to.Name, holder.Player, h),
		map[string]any{"player": c.Player, "victim": holder.Player, "island": to.Name, "hostages": h}, CitePrivateerRules, CiteBlocking)
	// "IF A CLAN LEADER CHOOSES TO NEITHER ENGAGE IN COMBAT, NOR PAY RANSOM
	// TO THE PRIVATEER, THE PRIVATEER CONTINUES TO BLOCK": Enter waits,
	// starting no battle and paying nothing.
	resp, err := referee.Choose(t.p, "wfa.privateer.response", fmt.Sprintf("%s: fight the privateer now with the ships on %s, pay a ransom, or wait (Enter)?", holder.Player, to.Name), "wait", "fight", "ransom", "wait")
	if err != nil {
		return err
	}
	switch resp {
	case "fight":
		return t.freeIsland(holder, b, to, h, true)
	case "ransom":
		return t.ransom(holder, b)
	}
	return nil
}

// freeIsland: the blocked clan fights the privateer (defending with 15).
// Right when the privateer arrives the hostage fleet fights; later, only
// ships brought in count.
func (t *step) freeIsland(victim *Clan, b *Block, from Loc, ships Fleet, immediate bool) error {
	st := t.st
	owner := st.clan(b.Owner)
	if immediate {
		victim.Hostage = victim.Hostage.Sub(ships)
	}
	as, err := t.sideInput(victim, "attacker", ships)
	if err != nil {
		return err
	}
	ds, err := t.sideInput(owner, "defender", Fleet{Privateer: 1})
	if err != nil {
		return err
	}
	in := BattleInput{Attacker: as, Defender: ds}
	res, err := Resolve(t.v, in)
	if err != nil {
		return err
	}
	t.env.Reveal()
	island, _ := ParseLoc(b.Island)
	data := map[string]any{"attacker": victim.Player, "defender": owner.Player, "location": b.Island, "input": in, "result": res}
	text := fmt.Sprintf("Battle against %s's privateer on %s: %s %s; privateer %s", owner.Player, b.Island, victim.Player, res.Attacker.Formula(), res.Defender.Formula())
	cs := cites(CiteCombatPrivateer, CiteWarfare)
	if res.Winner == "attacker" {
		res.Crystals = t.takeCrystals(victim, res.Crystals, "defeating the privateer")
		victim.Crystals += res.Crystals
		owner.Privateer = "reserve"
		st.Held = append(st.Held, owner.Clan)
		if !immediate {
			victim.Hostage = victim.Hostage.Sub(b.Hostages)
			t.moved(victim, from, island, ships)
		}
		st.removeBlock(b.Island)
		// "Combat involving the privateer follows the normal rules of
		// warfare ... In addition to the normal resolution of combat,
		// including gaining rewards and retreat": the loser "Destroys
		// teleporter (if present)".
		tele := ""
		if p := t.loseTeleporter(owner, b.Island); p != "" {
			tele = "; " + p
			cs = append(cs, CiteLoser)
		}
		t.emit("privateer-battle", text+fmt.Sprintf(": %s wins, gains %s; the privateer goes back to %s's reserve and %s is no longer blocked%s", victim.Player, referee.Count(res.Crystals, "Magic Crystal"), owner.Player, b.Island, tele), data, cs...)
		return nil
	}
	r, err := t.retreat(victim, ships)
	if err != nil {
		return err
	}
	res.Crystals = t.takeCrystals(owner, res.Crystals, "its privateer winning")
	owner.Crystals += res.Crystals
	victim.Reserve = victim.Reserve.Add(r.Reserve)
	if ships.Capital > 0 {
		victim.Capital = victim.Home()
	}
	if immediate {
		b.Hostages = Fleet{}
	}
	data["home"], data["reserve"] = r.Home, r.Reserve
	tele := ""
	if p := t.loseTeleporter(victim, b.Island); p != "" {
		tele = "; " + p
		cs = append(cs, CiteLoser)
	}
	t.emit("privateer-battle", text+fmt.Sprintf(": the privateer wins, %s gains %s and %s stays blocked; %s retreats %s to %s and %s to the reserve%s", owner.Player, referee.Count(res.Crystals, "Magic Crystal"), b.Island, victim.Player, r.Home, victim.Home(), r.Reserve, tele), data, cs...)
	return nil
}
