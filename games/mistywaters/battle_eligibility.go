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

func refuse(cites []string, format string, args ...any) (Verdict, error) {
	return Verdict{}, referee.RuleError(cites, "mistywaters: "+format, args...)
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
		return false, referee.Usagef("mistywaters: at %d oB bosun needs the Wind Force box of Rocky Seas (printed on the board); give it with --set misty.table.wind-force.rocky-seas=N", o.Wind)
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
		return false, referee.Usagef("mistywaters: at %d oB bosun needs the Wind Force box of Sheath the Swords (printed on the board); give it with --set misty.table.wind-force.sheath-the-swords=N", o.Wind)
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

// CanAttack decides whether att may attack def with a battle of type t,
// and whether def could counterattack. A refusal is a referee.RuleError
// naming the rule and citing its section.
func CanAttack(att, def Unit, t BattleType, o Options) (Verdict, error) {
	v := Verdict{Type: t, Cites: []string{CiteSelectTarget, CiteBattleType}}
	if t != Broadside && t != Boarding {
		return v, referee.Usagef("mistywaters: battle type %q is not broadside or boarding", t)
	}
	// Who never battles, who never attacks.
	if att.Kind == KindDutchman || def.Kind == KindDutchman {
		return refuse([]string{CiteDeathZone}, "the Flying Dutchman is never involved in Battles and can never be attacked (Death Zone)")
	}
	switch att.Kind {
	case KindCaravel, KindFreighter:
		return refuse([]string{CiteNPCAttacks, CiteBattleType}, "the %s never attacks and only defends (NPC Attacks and Target Priority)", att.Kind.Title())
	case KindGalleass:
		if att.Owner == "" {
			return refuse([]string{CiteNPCAttacks, CiteBattleType}, "the Conquistadors' Galleass never attacks and only defends (NPC Attacks and Target Priority)")
		}
		return refuse([]string{CiteAcquireGalleass}, "a player's Conquistadors' Galleass cannot attack nor counterattack, but it can defend in a Boarding Battle (Acquiring the Galleass)")
	case KindMilitia:
		return refuse([]string{CiteMilitia}, "a Plantation with a Militia is only for defensive function and cannot attack")
	case KindTemple:
		return refuse([]string{CiteTemple}, "the Last Day Temple has 0 Cannons and cannot attack")
	}
	// Advanced Rules units.
	if (def.Kind == KindMilitia || def.Kind == KindTemple) && !o.Advanced {
		return refuse([]string{CiteAdvanced}, "a %s is only in the game with 'Advanced Rules' (use the advanced option)", def.Kind.Title())
	}
	// Teammates and own units.
	if att.Owner != "" && def.Owner != "" && att.Owner == def.Owner {
		return refuse([]string{CiteSelectTarget}, "%s cannot attack its own player's %s: a player attacks an opponent's Player Ship or Fort", att.Label(), def.Label())
	}
	if o.TeamMode && att.Team != "" && att.Team == def.Team {
		return refuse([]string{CiteSelectTarget}, "in 'Team Mode' players cannot attack their teammate's Player Ship, Forts, or Plantations with a Militia")
	}

	// Battle type (Step 2).
	if t == Boarding {
		switch att.Kind {
		case KindFort, KindPirate, KindBattery:
			return refuse([]string{CiteBattleType}, "a %s will always attack via Broadside Battle", att.Kind.Title())
		case KindMonster:
			return refuse([]string{CiteBattleType}, "Sea Monsters attack by the Broadside Battle steps with their card's damage, never by Boarding")
		}
		switch def.Kind {
		case KindFort, KindBattery:
			return refuse([]string{CiteBattleType, CiteForts}, "a %s cannot be attacked by Boarding Battle: Forts and Battery of Cannons are fortified (only a Player Ship and the Conquistadors' Galleass can be attacked by Boarding Battle)", def.Kind.Title())
		case KindCaravel, KindFreighter:
			return refuse([]string{CiteBattleType}, "the %s has anti-boarding nets and cannot be attacked by Boarding Battle", def.Kind.Title())
		case KindMonster:
			return refuse([]string{CiteBattleType}, "Sea Monsters are protected by the sea and cannot be attacked by Boarding Battle")
		case KindTemple:
			return refuse([]string{CiteTemple}, "the Last Day Temple cannot participate in a Boarding Battle; open its walls by Broadside Battle")
		case KindPirate:
			if !o.Advanced {
				return refuse([]string{CiteBattleType, CitePirateBoarding}, "a Pirate Ship has anti-boarding nets and cannot be attacked by Boarding Battle (except with 'Advanced Rules': Pirate Ship Boarding Battles)")
			}
			if att.Kind != KindShip {
				return refuse([]string{CitePirateBoarding}, "a Pirate Ship can be a defender in a Boarding Battle only against a Player Ship attacker")
			}
			v.Cites = append(v.Cites, CitePirateBoarding)
		case KindMilitia:
			if att.Kind != KindShip {
				return refuse([]string{CiteMilitia}, "a Plantation with a Militia can only be attacked through a Boarding Battle with an opponent Player Ship")
			}
			if att.Location != Docks {
				return refuse([]string{CiteMilitia}, "a Plantation with a Militia can only be attacked with an opponent Player Ship at the connecting Docks (attacker is at %s)", att.Location)
			}
			v.Cites = append(v.Cites, CiteMilitia)
		}
		if att.Kind == KindShip {
			if n, _ := att.BoardingTokens(); n == 0 {
				return refuse([]string{CiteBoarding}, "%s has no Sailors or Cannons to board with", att.Label())
			}
		}
	} else {
		switch def.Kind {
		case KindMilitia:
			return refuse([]string{CiteMilitia, CiteBattleType}, "a Plantation with a Militia can only be attacked via Boarding Battle")
		}
		if att.Kind == KindShip {
			if n, _ := att.BroadsideDice(def, o); n == 0 {
				return refuse([]string{CiteBroadside}, "%s has no dice to fire (0 Cannons)", att.Label())
			}
		}
	}

	// Targets each attacker may pick.
	switch att.Kind {
	case KindMonster:
		v.Cites = append(v.Cites, CiteMonsterAttack)
		if gone, _ := monstersGone(o); gone {
			return refuse([]string{CiteReturnDepths}, "Return to the Depths: at %d oB Sea Monsters are not allowed on the map", o.Wind)
		}
		switch def.Kind {
		case KindFort:
			return refuse([]string{CiteMonsterAttack, CiteSelectTarget}, "a Sea Monster cannot attack nor counterattack a Fort")
		case KindMonster:
			return refuse([]string{CiteMonsterAttack}, "a Sea Monster will not attack other Sea Monsters (plenty of chum in the sea)")
		case KindBattery, KindTemple:
			return refuse([]string{CiteMonsterAttack}, "Sea Monsters attack only a Player Ship, Pirate Ship, or other NPC Ship on an Adjacent Space")
		case KindShip, KindGalleass:
			if !def.AtSeaNow() {
				return refuse([]string{CiteMonsterAttack, CiteSelectTarget}, "a Sea Monster cannot attack a Player Ship stopped at a non-At Sea space (%s): the water is too shallow", def.Location)
			}
		}
	case KindPirate:
		v.Cites = append(v.Cites, CitePirateAttack)
		switch def.Kind {
		case KindShip, KindFort, KindMonster:
		case KindGalleass:
			if def.Owner == "" {
				return refuse([]string{CitePirateAttack}, "due to the terms of their contract, Pirate Ships will not attack the Conquistadors' Galleass (only one acquired by a player)")
			}
		default:
			return refuse([]string{CitePirateAttack}, "Pirate Ships do not attack other Pirate Ships or other NPC Ships; they attack a Player Ship, a Fort, or a Sea Monster")
		}
	case KindBattery:
		v.Cites = append(v.Cites, CiteBatteryAttack)
		switch def.Kind {
		case KindShip:
		case KindGalleass:
			if def.Owner == "" {
				return refuse([]string{CiteBatteryAttack}, "Battery of Cannons will not attack the Conquistadors' Galleass as it is their own ship (only one acquired by a player)")
			}
		default:
			return refuse([]string{CiteBatteryAttack}, "a Battery of Cannons attacks Player Ships only")
		}
	case KindFort:
		v.Cites = append(v.Cites, CiteFortBattle)
		switch def.Kind {
		case KindShip, KindPirate, KindCaravel, KindFreighter, KindMonster:
		case KindGalleass:
		default:
			return refuse([]string{CiteFortBattle}, "a Fort attacks an opponent Player Ship, Pirate Ship, other NPC Ship, or Sea Monster, not a %s", def.Kind.Title())
		}
	case KindShip:
		if (att.Location == Base || att.Location == Tavern) && !att.Blocked {
			c := CiteBaseNoBattles
			if att.Location == Tavern {
				c = CiteTavernNoBattles
			}
			return refuse([]string{c, CiteSelectTarget}, "a Player Ship at a %s cannot attack unless both exits are blocked", att.Location)
		}
		if def.Kind == KindTemple && att.Location != Lagoon {
			v.Steps = append(v.Steps, Step{Text: "the Last Day Temple is attacked from the Adjacent Space to the 'X' in the Red Water Lagoon", Cites: []string{CiteTemple}})
		}
	}

	// Protected defenders.
	if def.Kind == KindShip || (def.Kind == KindGalleass && def.Owner != "") {
		switch def.Location {
		case Base:
			return refuse([]string{CiteBaseNoBattles, CiteSelectTarget}, "a Player Ship at a Base cannot be attacked")
		case Tavern:
			return refuse([]string{CiteTavernNoBattles, CiteSelectTarget}, "a Player Ship at a Tavern cannot be attacked")
		case Docks:
			if def.DocksFort != "" && !(att.Owner != "" && att.Owner == def.DocksFort) {
				return refuse([]string{CiteFortProtection, CiteSelectTarget}, "a Player Ship at the Docks protected by a Fort cannot be attacked, except by the owner of the Captured Island with their Fort or Player Ship")
			}
		}
	}

	// Wind Force.
	rocky, err := rockySeas(o)
	if err != nil {
		return v, err
	}
	if t == Broadside && rocky {
		if att.IsShip() && att.AtSeaNow() {
			return refuse([]string{CiteRockySeas, CiteWindForce}, "Rocky Seas (%d oB): %s At Sea cannot perform Broadside Battles as the cannoneers can't get a good aim", o.Wind, att.Label())
		}
		v.Cites = append(v.Cites, CiteRockySeas)
	}
	if t == Boarding && def.Kind != KindMilitia && att.Kind == KindShip {
		sheath, err := sheathSwords(o)
		if err != nil {
			return v, err
		}
		if sheath {
			if att.AtSeaNow() {
				return refuse([]string{CiteSheathSwords, CiteWindForce}, "Sheath the Swords (%d oB): Player Ships At Sea cannot perform Boarding Battles, the seas are too rough", o.Wind)
			}
			// Ruling: the defending Player Ship duels too, so it must not be At Sea either.
			// A player's Galleass "is treated as a regular Player Ship".
			if (def.Kind == KindShip || (def.Kind == KindGalleass && def.Owner != "")) && def.AtSeaNow() && !o.SheathAttackerOnly {
				return refuse([]string{CiteSheathSwords, CiteWindForce}, "Sheath the Swords (%d oB): the defending Player Ship is At Sea and cannot perform a Boarding Battle (bosun's reading; see docs/misty-battles.md, option sheath-attacker-only)", o.Wind)
			}
		}
	}

	// Counterattack (Broadside).
	if t == Broadside {
		v.Counterattack = true
		v.Cites = append(v.Cites, CiteCounterattack)
		switch {
		case def.Kind == KindMonster:
			if att.Kind == KindFort || ((att.Kind == KindShip || att.Kind == KindGalleass) && !att.AtSeaNow()) {
				v.Counterattack, v.NoCounterWhy = false, fmt.Sprintf("a Sea Monster cannot counterattack a Fort or a Player Ship stopped at a non-At Sea space (%s) due to shallow water", locOf(att))
			}
		case def.Kind == KindGalleass && def.Owner != "":
			v.Counterattack, v.NoCounterWhy = false, "a player's Conquistadors' Galleass cannot attack nor counterattack"
		case def.IsShip() && def.AtSeaNow() && rocky:
			v.Counterattack, v.NoCounterWhy = false, fmt.Sprintf("Rocky Seas (%d oB): the defender At Sea cannot perform Broadside Battles, so the Battle is one-sided", o.Wind)
		default:
			if n, _ := def.BroadsideDice(att, o); n == 0 {
				v.Counterattack, v.NoCounterWhy = false, fmt.Sprintf("the %s has 0 Cannons to counterattack with", def.Label())
			}
		}
	}
	v.Cites = uniq(v.Cites)
	return v, nil
}

func locOf(u Unit) string {
	if u.IsLand() {
		return "land"
	}
	return string(u.Location)
}
