package mistywaters

import (
	"fmt"

	"github.com/bosun-referee/bosun/referee"
)

// Verdict is the answer to "may this attacker attack this defender?".
type Verdict struct {
	Type BattleType `json:"type"`
	// Counterattack reports whether the defender may counterattack (Broadside
	// only): false when a Wind Force effect, shallow water or 0 Cannons prevents it.
	Counterattack bool     `json:"counterattack"`
	NoCounterWhy  string   `json:"no_counter_why,omitempty"`
	Steps         []Step   `json:"steps,omitempty"`
	Cites         []string `json:"cites"`
}

// rockySeas reports whether Rocky Seas is in effect (wind at or above its box).
func rockySeas(o Options) (bool, error) {
	if o.Wind == 0 {
		return false, nil
	}
	// The rulebook's own example: "If the Weather Marker is moved to a wind
	// strength of 10 oB ... all Player Ships that are At Sea will not be
	// able to perform Broadside Battles." So from 10 oB up it is known.
	if o.Wind >= 10 {
		return true, nil
	}
	if o.Boxes == nil {
		return false, referee.Usagef("mistywaters: at %d oB bosun needs the Wind Force box of Rocky Seas (printed on the board); give it with --set misty.board.wind.box.rocky-seas=N", o.Wind)
	}
	b, err := o.Boxes.Box("rocky-seas")
	if err != nil {
		return false, err
	}
	return o.Wind >= b, nil
}

func sheathSwords(o Options) (bool, error) {
	if o.Wind == 0 {
		return false, nil
	}
	if o.Boxes == nil {
		return false, referee.Usagef("mistywaters: at %d oB bosun needs the Wind Force box of Sheath the Swords (printed on the board); give it with --set misty.board.wind.box.sheath-the-swords=N", o.Wind)
	}
	b, err := o.Boxes.Box("sheath-the-swords")
	if err != nil {
		return false, err
	}
	return o.Wind >= b, nil
}

func monstersGone(o Options) (bool, error) {
	if o.Wind == 0 {
		return false, nil
	}
	// "the effect that returns all Sea Monsters into the deep at 11 oB".
	return o.Wind >= 11, nil
}

// attackCase is the battle CanAttack judges: the refusals' conditions read
// it. The Wind Force boxes are read at most once (a board value may be
// asked of the players).
type attackCase struct {
	att, def Unit
	t        BattleType
	o        Options

	rockyRead, sheathRead bool
	rocky, sheath         bool
}

func (c *attackCase) rockySeas() (bool, error) {
	if !c.rockyRead {
		r, err := rockySeas(c.o)
		if err != nil {
			return false, err
		}
		c.rocky, c.rockyRead = r, true
	}
	return c.rocky, nil
}

func (c *attackCase) sheathSwords() (bool, error) {
	if !c.sheathRead {
		r, err := sheathSwords(c.o)
		if err != nil {
			return false, err
		}
		c.sheath, c.sheathRead = r, true
	}
	return c.sheath, nil
}

// playerShip: a Player Ship, or a Galleass a player acquired ("treated as
// a regular Player Ship").
func playerShip(u Unit) bool {
	return u.Kind == KindShip || (u.Kind == KindGalleass && u.Owner != "")
}

func isKind(u Unit, kinds ...Kind) bool {
	for _, k := range kinds {
		if u.Kind == k {
			return true
		}
	}
	return false
}

// A refusal is one rule of the rulebook that forbids a battle: when its
// condition holds, CanAttack refuses with its message, citing its
// sections. An error from a condition (a board value bosun does not know)
// stops CanAttack with that error.
type refusal struct {
	name  string
	cites []string
	when  func(c *attackCase) (bool, error)
	msg   func(c *attackCase) string
}

// holds wraps a condition that cannot fail.
func holds(f func(c *attackCase) bool) func(c *attackCase) (bool, error) {
	return func(c *attackCase) (bool, error) { return f(c), nil }
}

// text is a message without arguments.
func text(s string) func(c *attackCase) string { return func(*attackCase) string { return s } }

// refusals are the rulebook's refusals in the order CanAttack checks them:
// who never battles, who never attacks, Advanced Rules units, own units and
// teammates, the battle type (Step 2), the targets each attacker may pick,
// protected defenders, and the Wind Force effects. The first that holds is
// the answer, so a later condition may take the earlier ones as passed.
var refusals = []refusal{
	// Who never battles, who never attacks.
	{"dutchman", []string{CiteDeathZone},
		holds(func(c *attackCase) bool { return c.att.Kind == KindDutchman || c.def.Kind == KindDutchman }),
		text("the Flying Dutchman is never involved in Battles and can never be attacked (Death Zone)")},
	{"npc-only-defends", []string{CiteNPCAttacks, CiteBattleType},
		holds(func(c *attackCase) bool { return isKind(c.att, KindCaravel, KindFreighter) }),
		func(c *attackCase) string {
			return fmt.Sprintf("the %s never attacks and only defends (NPC Attacks and Target Priority)", c.att.Kind.Title())
		}},
	{"npc-galleass-only-defends", []string{CiteNPCAttacks, CiteBattleType},
		holds(func(c *attackCase) bool { return c.att.Kind == KindGalleass && c.att.Owner == "" }),
		text("the Conquistadors' Galleass never attacks and only defends (NPC Attacks and Target Priority)")},
	{"player-galleass-never-attacks", []string{CiteAcquireGalleass},
		holds(func(c *attackCase) bool { return c.att.Kind == KindGalleass && c.att.Owner != "" }),
		text("a player's Conquistadors' Galleass cannot attack nor counterattack, but it can defend in a Boarding Battle (Acquiring the Galleass)")},
	{"militia-never-attacks", []string{CiteMilitia},
		holds(func(c *attackCase) bool { return c.att.Kind == KindMilitia }),
		text("a Plantation with a Militia is only for defensive function and cannot attack")},
	{"temple-never-attacks", []string{CiteTemple},
		holds(func(c *attackCase) bool { return c.att.Kind == KindTemple }),
		text("the Last Day Temple has 0 Cannons and cannot attack")},

	// Advanced Rules units.
	{"advanced-rules-only", []string{CiteAdvanced},
		holds(func(c *attackCase) bool { return isKind(c.def, KindMilitia, KindTemple) && !c.o.Advanced }),
		func(c *attackCase) string {
			return fmt.Sprintf("a %s is only in the game with 'Advanced Rules' (use the advanced option)", c.def.Kind.Title())
		}},

	// Own units and teammates.
	{"own-unit", []string{CiteSelectTarget},
		holds(func(c *attackCase) bool { return c.att.Owner != "" && c.def.Owner != "" && c.att.Owner == c.def.Owner }),
		func(c *attackCase) string {
			return fmt.Sprintf("%s cannot attack its own player's %s: a player attacks an opponent's Player Ship or Fort", c.att.Label(), c.def.Label())
		}},
	{"teammate", []string{CiteSelectTarget},
		holds(func(c *attackCase) bool { return c.o.TeamMode && c.att.Team != "" && c.att.Team == c.def.Team }),
		text("in 'Team Mode' players cannot attack their teammate's Player Ship, Forts, or Plantations with a Militia")},

	// Battle type (Step 2): Boarding.
	{"always-broadside", []string{CiteBattleType},
		holds(func(c *attackCase) bool { return c.t == Boarding && isKind(c.att, KindFort, KindPirate, KindBattery) }),
		func(c *attackCase) string {
			return fmt.Sprintf("a %s will always attack via Broadside Battle", c.att.Kind.Title())
		}},
	{"monster-never-boards", []string{CiteBattleType},
		holds(func(c *attackCase) bool { return c.t == Boarding && c.att.Kind == KindMonster }),
		text("Sea Monsters attack by the Broadside Battle steps with their card's damage, never by Boarding")},
	{"fortified", []string{CiteBattleType, CiteForts},
		holds(func(c *attackCase) bool { return c.t == Boarding && isKind(c.def, KindFort, KindBattery) }),
		func(c *attackCase) string {
			return fmt.Sprintf("a %s cannot be attacked by Boarding Battle: Forts and Battery of Cannons are fortified (only a Player Ship and the Conquistadors' Galleass can be attacked by Boarding Battle)", c.def.Kind.Title())
		}},
	{"npc-anti-boarding-nets", []string{CiteBattleType},
		holds(func(c *attackCase) bool { return c.t == Boarding && isKind(c.def, KindCaravel, KindFreighter) }),
		func(c *attackCase) string {
			return fmt.Sprintf("the %s has anti-boarding nets and cannot be attacked by Boarding Battle", c.def.Kind.Title())
		}},
	{"monster-protected-by-sea", []string{CiteBattleType},
		holds(func(c *attackCase) bool { return c.t == Boarding && c.def.Kind == KindMonster }),
		text("Sea Monsters are protected by the sea and cannot be attacked by Boarding Battle")},
	{"temple-no-boarding", []string{CiteTemple},
		holds(func(c *attackCase) bool { return c.t == Boarding && c.def.Kind == KindTemple }),
		text("the Last Day Temple cannot participate in a Boarding Battle; open its walls by Broadside Battle")},
	{"pirate-anti-boarding-nets", []string{CiteBattleType, CitePirateBoarding},
		holds(func(c *attackCase) bool { return c.t == Boarding && c.def.Kind == KindPirate && !c.o.Advanced }),
		text("a Pirate Ship has anti-boarding nets and cannot be attacked by Boarding Battle (except with 'Advanced Rules': Pirate Ship Boarding Battles)")},
	{"pirate-boarded-by-player-ship-only", []string{CitePirateBoarding},
		holds(func(c *attackCase) bool { return c.t == Boarding && c.def.Kind == KindPirate && c.att.Kind != KindShip }),
		text("a Pirate Ship can be a defender in a Boarding Battle only against a Player Ship attacker")},
	{"militia-boarded-by-player-ship-only", []string{CiteMilitia},
		holds(func(c *attackCase) bool {
			return c.t == Boarding && c.def.Kind == KindMilitia && c.att.Kind != KindShip
		}),
		text("a Plantation with a Militia can only be attacked through a Boarding Battle with an opponent Player Ship")},
	{"militia-from-docks", []string{CiteMilitia},
		holds(func(c *attackCase) bool {
			return c.t == Boarding && c.def.Kind == KindMilitia && c.att.Kind == KindShip && c.att.Location != Docks
		}),
		func(c *attackCase) string {
			return fmt.Sprintf("a Plantation with a Militia can only be attacked with an opponent Player Ship at the connecting Docks (attacker is at %s)", c.att.Location)
		}},
	{"no-boarding-party", []string{CiteBoarding},
		holds(func(c *attackCase) bool {
			if c.t != Boarding || c.att.Kind != KindShip {
				return false
			}
			n, _ := c.att.BoardingTokens()
			return n == 0
		}),
		func(c *attackCase) string {
			return fmt.Sprintf("%s has no Sailors or Cannons to board with", c.att.Label())
		}},

	// Battle type (Step 2): Broadside.
	{"militia-boarding-only", []string{CiteMilitia, CiteBattleType},
		holds(func(c *attackCase) bool { return c.t == Broadside && c.def.Kind == KindMilitia }),
		text("a Plantation with a Militia can only be attacked via Boarding Battle")},
	{"no-cannons", []string{CiteBroadside},
		holds(func(c *attackCase) bool {
			if c.t != Broadside || c.att.Kind != KindShip {
				return false
			}
			n, _ := c.att.BroadsideDice(c.def, c.o)
			return n == 0
		}),
		func(c *attackCase) string {
			// Against the Sea Serpent Sailors count, not Cannons: say which.
			_, why := c.att.BroadsideDice(c.def, c.o)
			return fmt.Sprintf("%s has no dice to fire: %s", c.att.Label(), why)
		}},

	// Targets each attacker may pick: Sea Monsters.
	{"monsters-gone", []string{CiteReturnDepths},
		holds(func(c *attackCase) bool {
			gone, _ := monstersGone(c.o)
			return c.att.Kind == KindMonster && gone
		}),
		func(c *attackCase) string {
			return fmt.Sprintf("Return to the Depths: at %d oB Sea Monsters are not allowed on the map", c.o.Wind)
		}},
	{"monster-vs-fort", []string{CiteMonsterAttack, CiteSelectTarget},
		holds(func(c *attackCase) bool { return c.att.Kind == KindMonster && c.def.Kind == KindFort }),
		text("a Sea Monster cannot attack nor counterattack a Fort")},
	{"monster-vs-monster", []string{CiteMonsterAttack},
		holds(func(c *attackCase) bool { return c.att.Kind == KindMonster && c.def.Kind == KindMonster }),
		text("a Sea Monster will not attack other Sea Monsters (plenty of chum in the sea)")},
	{"monster-ships-only", []string{CiteMonsterAttack},
		holds(func(c *attackCase) bool { return c.att.Kind == KindMonster && isKind(c.def, KindBattery, KindTemple) }),
		text("Sea Monsters attack only a Player Ship, Pirate Ship, or other NPC Ship on an Adjacent Space")},
	{"monster-shallow-water", []string{CiteMonsterAttack, CiteSelectTarget},
		holds(func(c *attackCase) bool {
			return c.att.Kind == KindMonster && isKind(c.def, KindShip, KindGalleass) && !c.def.AtSeaNow()
		}),
		func(c *attackCase) string {
			return fmt.Sprintf("a Sea Monster cannot attack a Player Ship stopped at a non-At Sea space (%s): the water is too shallow", c.def.Location)
		}},

	// Targets: Pirate Ships.
	{"pirate-contract", []string{CitePirateAttack},
		holds(func(c *attackCase) bool {
			return c.att.Kind == KindPirate && c.def.Kind == KindGalleass && c.def.Owner == ""
		}),
		text("due to the terms of their contract, Pirate Ships will not attack the Conquistadors' Galleass (only one acquired by a player)")},
	{"pirate-targets", []string{CitePirateAttack},
		holds(func(c *attackCase) bool {
			return c.att.Kind == KindPirate && !isKind(c.def, KindShip, KindFort, KindMonster, KindGalleass)
		}),
		text("Pirate Ships do not attack other Pirate Ships or other NPC Ships; they attack a Player Ship, a Fort, or a Sea Monster")},

	// Targets: Battery of Cannons.
	{"battery-own-galleass", []string{CiteBatteryAttack},
		holds(func(c *attackCase) bool {
			return c.att.Kind == KindBattery && c.def.Kind == KindGalleass && c.def.Owner == ""
		}),
		text("Battery of Cannons will not attack the Conquistadors' Galleass as it is their own ship (only one acquired by a player)")},
	{"battery-targets", []string{CiteBatteryAttack},
		holds(func(c *attackCase) bool { return c.att.Kind == KindBattery && !isKind(c.def, KindShip, KindGalleass) }),
		text("a Battery of Cannons attacks Player Ships only")},

	// Targets: Forts.
	{"fort-targets", []string{CiteFortBattle},
		holds(func(c *attackCase) bool {
			return c.att.Kind == KindFort && !isKind(c.def, KindShip, KindPirate, KindCaravel, KindFreighter, KindMonster, KindGalleass)
		}),
		func(c *attackCase) string {
			return fmt.Sprintf("a Fort attacks an opponent Player Ship, Pirate Ship, other NPC Ship, or Sea Monster, not a %s", c.def.Kind.Title())
		}},

	// Targets: Player Ships in a Base or a Tavern.
	{"attacker-at-base", []string{CiteBaseNoBattles, CiteSelectTarget},
		holds(func(c *attackCase) bool { return c.att.Kind == KindShip && c.att.Location == Base && !c.att.Blocked }),
		func(c *attackCase) string {
			return fmt.Sprintf("a Player Ship at a %s cannot attack unless both exits are blocked", c.att.Location)
		}},
	{"attacker-at-tavern", []string{CiteTavernNoBattles, CiteSelectTarget},
		holds(func(c *attackCase) bool { return c.att.Kind == KindShip && c.att.Location == Tavern && !c.att.Blocked }),
		func(c *attackCase) string {
			return fmt.Sprintf("a Player Ship at a %s cannot attack unless both exits are blocked", c.att.Location)
		}},

	// Protected defenders.
	{"defender-at-base", []string{CiteBaseNoBattles, CiteSelectTarget},
		holds(func(c *attackCase) bool { return playerShip(c.def) && c.def.Location == Base }),
		text("a Player Ship at a Base cannot be attacked")},
	{"defender-at-tavern", []string{CiteTavernNoBattles, CiteSelectTarget},
		holds(func(c *attackCase) bool { return playerShip(c.def) && c.def.Location == Tavern }),
		text("a Player Ship at a Tavern cannot be attacked")},
	{"docks-fort-protection", []string{CiteFortProtection, CiteSelectTarget},
		holds(func(c *attackCase) bool {
			return playerShip(c.def) && c.def.Location == Docks && c.def.DocksFort != "" &&
				!(c.att.Owner != "" && c.att.Owner == c.def.DocksFort)
		}),
		text("a Player Ship at the Docks protected by a Fort cannot be attacked, except by the owner of the Captured Island with their Fort or Player Ship")},

	// Wind Force. Rocky Seas is read for every battle type, as the
	// counterattack needs it.
	//
	// A Player Ship attacks the Last Day Temple from the Adjacent Space to
	// the 'X' in the Red Water Lagoon, which is not At Sea (attackFrom):
	// only a spec that puts it At Sea meets Rocky Seas, and the refusal
	// says where the Temple is attacked from.
	{"rocky-seas-temple", []string{CiteRockySeas, CiteWindForce, CiteTemple, CiteLagoon},
		func(c *attackCase) (bool, error) {
			if c.t != Broadside || c.def.Kind != KindTemple || !c.att.IsShip() || !c.att.AtSeaNow() {
				return false, nil
			}
			return c.rockySeas()
		},
		func(c *attackCase) string {
			return fmt.Sprintf("Rocky Seas (%d oB): %s At Sea cannot perform Broadside Battles as the cannoneers can't get a good aim; the Last Day Temple is attacked from the Adjacent Space to the 'X' in the Red Water Lagoon, which is not At Sea (leave at= out of the attacker's spec, or give at=lagoon)", c.o.Wind, c.att.Label())
		}},
	{"rocky-seas", []string{CiteRockySeas, CiteWindForce},
		func(c *attackCase) (bool, error) {
			rocky, err := c.rockySeas()
			if err != nil {
				return false, err
			}
			return c.t == Broadside && rocky && c.att.IsShip() && c.att.AtSeaNow(), nil
		},
		func(c *attackCase) string {
			return fmt.Sprintf("Rocky Seas (%d oB): %s At Sea cannot perform Broadside Battles as the cannoneers can't get a good aim", c.o.Wind, c.att.Label())
		}},
	{"sheath-the-swords", []string{CiteSheathSwords, CiteWindForce},
		func(c *attackCase) (bool, error) {
			if c.t != Boarding || c.def.Kind == KindMilitia || c.att.Kind != KindShip {
				return false, nil
			}
			sheath, err := c.sheathSwords()
			return sheath && c.att.AtSeaNow(), err
		},
		func(c *attackCase) string {
			return fmt.Sprintf("Sheath the Swords (%d oB): Player Ships At Sea cannot perform Boarding Battles, the seas are too rough", c.o.Wind)
		}},
	// Ruling: the defending Player Ship duels too, so it must not be At Sea
	// either. A player's Galleass "is treated as a regular Player Ship".
	{"sheath-the-swords-defender", []string{CiteSheathSwords, CiteWindForce},
		func(c *attackCase) (bool, error) {
			if c.t != Boarding || c.def.Kind == KindMilitia || c.att.Kind != KindShip {
				return false, nil
			}
			sheath, err := c.sheathSwords()
			return sheath && playerShip(c.def) && c.def.AtSeaNow() && !c.o.SheathAttackerOnly, err
		},
		func(c *attackCase) string {
			return fmt.Sprintf("Sheath the Swords (%d oB): the defending Player Ship is At Sea and cannot perform a Boarding Battle (bosun's reading; see docs/misty-battles.md, option sheath-attacker-only)", c.o.Wind)
		}},
}

// CanAttack decides whether att may attack def with a battle of type t,
// and whether def could counterattack. A refusal is a referee.RuleError
// naming the rule and citing its section: the first of refusals that
// holds.
func CanAttack(att, def Unit, t BattleType, o Options) (Verdict, error) {
	v := Verdict{Type: t, Cites: []string{CiteSelectTarget, CiteBattleType}}
	if t != Broadside && t != Boarding {
		return v, referee.Usagef("mistywaters: battle type %q is not broadside or boarding", t)
	}
	c := &attackCase{att: att, def: def, t: t, o: o}
	v = targetVerdict(v, c)
	r, err := firstRefusal(c)
	if err != nil {
		return v, err
	}
	if r != nil {
		return Verdict{}, referee.RuleError(r.cites, "mistywaters: %s", r.msg(c))
	}
	rocky, _ := c.rockySeas() // read by the rocky-seas refusal
	if t == Broadside && rocky {
		v.Cites = append(v.Cites, CiteRockySeas)
		if def.Kind == KindTemple && att.Location == Lagoon {
			v.Steps = append(v.Steps, Step{Text: fmt.Sprintf("Rocky Seas (%d oB) stops ships At Sea only: %s attacks the Last Day Temple from the Adjacent Space to the 'X' in the Red Water Lagoon, which is not At Sea", o.Wind, att.Label()),
				Rule: "Rocky Seas: Player Ships, Pirate Ships, and other NPC Ships At Sea cannot perform Broadside Battles ... The Red Water Lagoon is not considered At Sea as it is sheltered from the sea and also storms.", Cites: []string{CiteRockySeas, CiteLagoon, CiteTemple}})
		}
	}
	if t == Broadside {
		v = counterattack(v, c, rocky)
	}
	v.Cites = Uniq(v.Cites)
	return v, nil
}

// firstRefusal walks refusals in order and returns the first that holds
// (nil: none).
func firstRefusal(c *attackCase) (*refusal, error) {
	for k := range refusals {
		ok, err := refusals[k].when(c)
		if err != nil {
			return nil, err
		}
		if ok {
			return &refusals[k], nil
		}
	}
	return nil, nil
}

// targetVerdict adds the sections a permitted battle rests on besides
// Steps 1 and 2 (Pirate Ship or Militia boarding, the attacker's own
// attack rules) and the Temple's reminder.
func targetVerdict(v Verdict, c *attackCase) Verdict {
	if c.t == Boarding {
		switch c.def.Kind {
		case KindPirate:
			v.Cites = append(v.Cites, CitePirateBoarding)
		case KindMilitia:
			v.Cites = append(v.Cites, CiteMilitia)
		}
	}
	switch c.att.Kind {
	case KindMonster:
		v.Cites = append(v.Cites, CiteMonsterAttack)
	case KindPirate:
		v.Cites = append(v.Cites, CitePirateAttack)
	case KindBattery:
		v.Cites = append(v.Cites, CiteBatteryAttack)
	case KindFort:
		v.Cites = append(v.Cites, CiteFortBattle)
	case KindShip:
		if c.def.Kind == KindTemple && c.att.Location != Lagoon {
			v.Steps = append(v.Steps, Step{Text: "the Last Day Temple is attacked from the Adjacent Space to the 'X' in the Red Water Lagoon", Cites: []string{CiteTemple}})
		}
	}
	return v
}

// counterattack decides whether the defender of a Broadside may fire back.
func counterattack(v Verdict, c *attackCase, rocky bool) Verdict {
	att, def, o := c.att, c.def, c.o
	v.Counterattack = true
	v.Cites = append(v.Cites, CiteCounterattack)
	switch {
	case def.Kind == KindMonster:
		if att.Kind == KindFort || ((att.Kind == KindShip || att.Kind == KindGalleass) && !att.AtSeaNow()) {
			v.Counterattack, v.NoCounterWhy = false, fmt.Sprintf("a Sea Monster cannot counterattack a Fort or a Player Ship stopped at a non-At Sea space (%s) due to shallow water", locOf(att))
		}
	case def.Kind == KindGalleass && def.Owner != "":
		v.Counterattack, v.NoCounterWhy = false, "a player's Conquistadors' Galleass cannot attack nor counterattack"
	case def.Kind == KindGalleass || def.Kind == KindFreighter:
		// Step 4A table: "Conquistadors' Galleass | 0 Cannons." and
		// "Silver Freighter* | 0 Cannons." Whatever the Wind Force or the
		// space (the Galleass by the 'X' is in the Red Water Lagoon, which
		// "is not considered At Sea"), it has nothing to fire back with.
		v.Counterattack, v.NoCounterWhy = false, fmt.Sprintf("the %s has 0 Cannons to counterattack with", def.Label())
	case def.IsShip() && def.AtSeaNow() && rocky:
		v.Counterattack, v.NoCounterWhy = false, fmt.Sprintf("Rocky Seas (%d oB): the defender At Sea cannot perform Broadside Battles, so the Battle is one-sided", o.Wind)
	default:
		if n, why := def.BroadsideDice(att, o); n == 0 {
			v.Counterattack, v.NoCounterWhy = false, fmt.Sprintf("the %s has no dice to counterattack with: %s", def.Label(), why)
		}
	}
	return v
}

func locOf(u Unit) string {
	if u.IsLand() {
		return "land"
	}
	return string(u.Location)
}
