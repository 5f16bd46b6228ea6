package mistywaters

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRefusals: one row per refusal of CanAttack, each the smallest battle
// that only this refusal forbids, with the exact message, the sections it
// cites and the rulebook sentence it rests on (which must be in one of
// those sections).
func TestRefusals(t *testing.T) {
	boxes := FixedBoxes{"rocky-seas": 10, "sheath-the-swords": 9}
	// raft is a unit of no kind bosun knows: every known attacker that is
	// not a Player Ship is refused before the two "only a Player Ship may
	// board" rules, which stand as those rules' own guard.
	raft := Unit{Kind: "raft"}
	ship := "ship:cannons=2,sailors=2,owner=a"
	cases := []struct {
		name     string
		att, def string
		attUnit  *Unit
		typ      BattleType
		o        Options
		msg      string
		cites    []string
		rule     string
		// ruleIn names the section holding the rule when none of the
		// cited ones does.
		ruleIn string
		// also lists later refusals that hold too (the first one wins).
		also []string
	}{
		{name: "dutchman", att: ship, def: "dutchman", typ: Broadside,
			msg:   "the Flying Dutchman is never involved in Battles and can never be attacked (Death Zone)",
			cites: []string{CiteDeathZone}, rule: "The Flying Dutchman* can never be blocked and can never be attacked."},
		{name: "npc-only-defends", att: "freighter", def: ship, typ: Broadside,
			msg:   "the Silver Freighter never attacks and only defends (NPC Attacks and Target Priority)",
			cites: []string{CiteNPCAttacks, CiteBattleType}, rule: "The Silver Freighter*, Conquistadors' Caravel*, and Conquistadors' Galleass never attack and only defend."},
		{name: "npc-galleass-only-defends", att: "galleass", def: ship, typ: Broadside,
			msg:   "the Conquistadors' Galleass never attacks and only defends (NPC Attacks and Target Priority)",
			cites: []string{CiteNPCAttacks, CiteBattleType}, rule: "The Silver Freighter*, Conquistadors' Caravel*, and Conquistadors' Galleass never attack and only defend."},
		{name: "player-galleass-never-attacks", att: "galleass:owner=b", def: ship, typ: Boarding,
			msg:   "a player's Conquistadors' Galleass cannot attack nor counterattack, but it can defend in a Boarding Battle (Acquiring the Galleass)",
			cites: []string{CiteAcquireGalleass}, rule: "It cannot attack nor counterattack, but it can defend in a Boarding Battle."},
		{name: "militia-never-attacks", att: "militia:owner=b", def: ship, typ: Boarding, o: Options{Advanced: true},
			msg:   "a Plantation with a Militia is only for defensive function and cannot attack",
			cites: []string{CiteMilitia}, rule: "The Plantation with a Militia is only for defensive function and cannot attack."},
		{name: "temple-never-attacks", att: "temple", def: ship, typ: Broadside, o: Options{Advanced: true},
			msg:   "the Last Day Temple has 0 Cannons and cannot attack",
			cites: []string{CiteTemple}, rule: "The Last Day Temple* has 0 Cannons and cannot damage an attacker"},
		{name: "advanced-rules-only", att: "ship:cannons=2,owner=a,at=lagoon", def: "temple", typ: Broadside,
			msg:   "a Last Day Temple is only in the game with 'Advanced Rules' (use the advanced option)",
			cites: []string{CiteAdvanced}, rule: "Last Day Temple*: During setup, place the Last Day Temple* miniature on top of the Conquistadors' Treasure token"},
		{name: "own-unit", att: ship, def: "fort:owner=a", typ: Broadside,
			msg:   "Player Ship cannot attack its own player's Fort: a player attacks an opponent's Player Ship or Fort",
			cites: []string{CiteSelectTarget}, rule: "in an Adjacent Space to an opponent's Player Ship, Pirate Ship, other NPC Ship, opponent's Fort",
			ruleIn: "misty-waters/step-2-player-attacks"},
		{name: "teammate", att: "ship:cannons=2,owner=a,team=x", def: "ship:cannons=2,owner=b,team=x", typ: Broadside, o: Options{TeamMode: true},
			msg:   "in 'Team Mode' players cannot attack their teammate's Player Ship, Forts, or Plantations with a Militia",
			cites: []string{CiteSelectTarget}, rule: "Players cannot attack their teammate's Player Ship, Forts, or Plantations with a Militia.",
			ruleIn: "misty-waters/team-mode"},
		{name: "always-broadside", att: "battery", def: ship, typ: Boarding,
			msg:   "a Battery of Cannons will always attack via Broadside Battle",
			cites: []string{CiteBattleType}, rule: "A Fort, a Pirate Ship, and a Battery of Cannons will always attack via Broadside Battle."},
		{name: "monster-never-boards", att: "kraken", def: ship, typ: Boarding,
			msg:   "Sea Monsters attack by the Broadside Battle steps with their card's damage, never by Boarding",
			cites: []string{CiteBattleType}, rule: "Sea Monster don't have Cannons, but their attacks do still follow the Broadside Battle steps"},
		{name: "fortified", att: ship, def: "fort:owner=b", typ: Boarding,
			msg:   "a Fort cannot be attacked by Boarding Battle: Forts and Battery of Cannons are fortified (only a Player Ship and the Conquistadors' Galleass can be attacked by Boarding Battle)",
			cites: []string{CiteBattleType, CiteForts}, rule: "Forts and Battery of Cannons are fortified"},
		{name: "npc-anti-boarding-nets", att: ship, def: "caravel-npc", typ: Boarding,
			msg:   "the Conquistadors' Caravel has anti-boarding nets and cannot be attacked by Boarding Battle",
			cites: []string{CiteBattleType}, rule: "These ships have anti-boarding nets"},
		{name: "monster-protected-by-sea", att: ship, def: "kraken", typ: Boarding,
			msg:   "Sea Monsters are protected by the sea and cannot be attacked by Boarding Battle",
			cites: []string{CiteBattleType}, rule: "Sea Monsters are protected by the sea."},
		{name: "temple-no-boarding", att: "ship:cannons=2,sailors=2,owner=a,at=lagoon", def: "temple", typ: Boarding, o: Options{Advanced: true},
			msg:   "the Last Day Temple cannot participate in a Boarding Battle; open its walls by Broadside Battle",
			cites: []string{CiteTemple}, rule: "cannot participate in a Boarding Battle"},
		{name: "pirate-anti-boarding-nets", att: ship, def: "pirate", typ: Boarding,
			msg:   "a Pirate Ship has anti-boarding nets and cannot be attacked by Boarding Battle (except with 'Advanced Rules': Pirate Ship Boarding Battles)",
			cites: []string{CiteBattleType, CitePirateBoarding}, rule: "Exception: With 'Advanced Rules', Pirate Ships can be attacked by a Boarding Battle."},
		{name: "pirate-boarded-by-player-ship-only", attUnit: &raft, def: "pirate", typ: Boarding, o: Options{Advanced: true},
			msg:   "a Pirate Ship can be a defender in a Boarding Battle only against a Player Ship attacker",
			cites: []string{CitePirateBoarding}, rule: "it can also be a defender in a Boarding Battle against a Player Ship attacker"},
		{name: "militia-boarded-by-player-ship-only", attUnit: &raft, def: "militia:owner=b", typ: Boarding, o: Options{Advanced: true},
			msg:   "a Plantation with a Militia can only be attacked through a Boarding Battle with an opponent Player Ship",
			cites: []string{CiteMilitia}, rule: "It can only be attacked through a Boarding Battle with an opponent Player Ship at the connecting Docks."},
		{name: "militia-from-docks", att: ship, def: "militia:owner=b", typ: Boarding, o: Options{Advanced: true},
			msg:   "a Plantation with a Militia can only be attacked with an opponent Player Ship at the connecting Docks (attacker is at sea)",
			cites: []string{CiteMilitia}, rule: "It can only be attacked through a Boarding Battle with an opponent Player Ship at the connecting Docks."},
		{name: "no-boarding-party", att: "ship:owner=a", def: "ship:cannons=2,owner=b", typ: Boarding,
			msg:   "Player Ship has no Sailors or Cannons to board with",
			cites: []string{CiteBoarding}, rule: "| Player Ships | As many Sailors and Cannons currently on ship board. |"},
		{name: "militia-boarding-only", att: "ship:cannons=2,owner=a,at=docks", def: "militia:owner=b", typ: Broadside, o: Options{Advanced: true},
			msg:   "a Plantation with a Militia can only be attacked via Boarding Battle",
			cites: []string{CiteMilitia, CiteBattleType}, rule: "It can only be attacked through a Boarding Battle"},
		{name: "no-cannons", att: "ship:sailors=2,owner=a", def: "pirate", typ: Broadside,
			msg:   "Player Ship has no dice to fire: 0 Cannons",
			cites: []string{CiteBroadside}, rule: "the attacker rolls up to as many regular dice as it has Cannons."},
		{name: "monsters-gone", att: "kraken", def: ship, typ: Broadside, o: Options{Wind: 11},
			msg:   "Return to the Depths: at 11 oB Sea Monsters are not allowed on the map",
			cites: []string{CiteReturnDepths}, rule: "Sea Monster are not allowed on the map."},
		{name: "monster-vs-fort", att: "kraken", def: "fort:owner=b", typ: Broadside,
			msg:   "a Sea Monster cannot attack nor counterattack a Fort",
			cites: []string{CiteMonsterAttack, CiteSelectTarget}, rule: "A Sea Monster will not attack Forts"},
		{name: "monster-vs-monster", att: "kraken", def: "hydra", typ: Broadside,
			msg:   "a Sea Monster will not attack other Sea Monsters (plenty of chum in the sea)",
			cites: []string{CiteMonsterAttack}, rule: "or other Sea Monsters (plenty of chum in the sea)."},
		{name: "monster-ships-only", att: "kraken", def: "battery", typ: Broadside,
			msg:   "Sea Monsters attack only a Player Ship, Pirate Ship, or other NPC Ship on an Adjacent Space",
			cites: []string{CiteMonsterAttack}, rule: "all Sea Monsters present on the map will attack if on an Adjacent Space there is a Player Ship, Pirate Ship, or other NPC Ship."},
		{name: "monster-shallow-water", att: "kraken", def: "ship:cannons=2,owner=b,at=anchorage", typ: Broadside,
			msg:   "a Sea Monster cannot attack a Player Ship stopped at a non-At Sea space (anchorage): the water is too shallow",
			cites: []string{CiteMonsterAttack, CiteSelectTarget}, rule: "A Sea Monster will not attack Forts, Player Ships stopped at any non-At Sea space"},
		{name: "pirate-contract", att: "pirate", def: "galleass", typ: Broadside,
			msg:   "due to the terms of their contract, Pirate Ships will not attack the Conquistadors' Galleass (only one acquired by a player)",
			cites: []string{CitePirateAttack}, rule: "Due to the terms of their contract, Pirate Ships will not attack the Conquistadors' Caravels*, Conquistadors' Galleass"},
		{name: "pirate-targets", att: "pirate", def: "caravel-npc", typ: Broadside,
			msg:   "Pirate Ships do not attack other Pirate Ships or other NPC Ships; they attack a Player Ship, a Fort, or a Sea Monster",
			cites: []string{CitePirateAttack}, rule: "Pirate Ships do not attack other Pirate Ships or other NPC Ships."},
		{name: "battery-own-galleass", att: "battery", def: "galleass", typ: Broadside,
			msg:   "Battery of Cannons will not attack the Conquistadors' Galleass as it is their own ship (only one acquired by a player)",
			cites: []string{CiteBatteryAttack}, rule: "Battery of Cannons will not attack the Conquistadors' Galleass as it is their own ship"},
		{name: "battery-targets", att: "battery", def: "pirate", typ: Broadside,
			msg:   "a Battery of Cannons attacks Player Ships only",
			cites: []string{CiteBatteryAttack}, rule: "if on an Adjacent Space (those spaces that have a red arrow pointing to them) there is a Player Ship."},
		{name: "fort-targets", att: "fort:owner=a", def: "battery", typ: Broadside,
			msg:   "a Fort attacks an opponent Player Ship, Pirate Ship, other NPC Ship, or Sea Monster, not a Battery of Cannons",
			cites: []string{CiteFortBattle}, rule: "a player can choose to have their Fort attack by Broadside Battle against an opponent Player Ship, Pirate Ship, other NPC Ship, or Sea Monster"},
		{name: "attacker-at-base", att: "ship:cannons=2,owner=a,at=base", def: "pirate", typ: Broadside,
			msg:   "a Player Ship at a base cannot attack unless both exits are blocked",
			cites: []string{CiteBaseNoBattles, CiteSelectTarget}, rule: "When both exits from the Base are occupied and blocking a Player Ship from exiting, then a Player Ship in the Base may attack"},
		{name: "attacker-at-tavern", att: "ship:cannons=2,owner=a,at=tavern", def: "pirate", typ: Broadside,
			msg:   "a Player Ship at a tavern cannot attack unless both exits are blocked",
			cites: []string{CiteTavernNoBattles, CiteSelectTarget}, rule: "When both exits from the Tavern are occupied and blocking a Player Ship from exiting, then a Player Ship in the Tavern may attack"},
		{name: "defender-at-base", att: ship, def: "ship:cannons=2,owner=b,at=base", typ: Broadside,
			msg:   "a Player Ship at a Base cannot be attacked",
			cites: []string{CiteBaseNoBattles, CiteSelectTarget}, rule: "A Player Ship at a Base cannot attack or be attacked."},
		{name: "defender-at-tavern", att: ship, def: "ship:cannons=2,owner=b,at=tavern", typ: Broadside,
			msg:   "a Player Ship at a Tavern cannot be attacked",
			cites: []string{CiteTavernNoBattles, CiteSelectTarget}, rule: "A Player Ship at a Tavern cannot attack or be attacked."},
		{name: "docks-fort-protection", att: ship, def: "ship:cannons=2,owner=b,fort=b", typ: Broadside,
			msg:   "a Player Ship at the Docks protected by a Fort cannot be attacked, except by the owner of the Captured Island with their Fort or Player Ship",
			cites: []string{CiteFortProtection, CiteSelectTarget}, rule: "cannot be attacked by an opponent Player Ship, Pirate Ship, or other NPC Ship if there is a Fort."},
		{name: "rocky-seas-temple", att: "ship:cannons=2,sailors=2,owner=a,at=sea", def: "temple", typ: Broadside, o: Options{Wind: 10, Advanced: true},
			msg:   "Rocky Seas (10 oB): Player Ship At Sea cannot perform Broadside Battles as the cannoneers can't get a good aim; the Last Day Temple is attacked from the Adjacent Space to the 'X' in the Red Water Lagoon, which is not At Sea (leave at= out of the attacker's spec, or give at=lagoon)",
			cites: []string{CiteRockySeas, CiteWindForce, CiteTemple, CiteLagoon}, rule: "When a Player Ship is at the Adjacent Space to the 'X' in the Red Water Lagoon, it cannot acquire the Conquistadors' Galleass nor the Conquistadors' Treasure as normal until it opens a way through the walls of the Last Day Temple*.",
			also: []string{"rocky-seas"}},
		{name: "rocky-seas", att: ship, def: "pirate", typ: Broadside, o: Options{Wind: 10},
			msg:   "Rocky Seas (10 oB): Player Ship At Sea cannot perform Broadside Battles as the cannoneers can't get a good aim",
			cites: []string{CiteRockySeas, CiteWindForce}, rule: "At Sea cannot perform Broadside Battles, (e.g. fire cannonballs) as the cannoneers can't get a good aim."},
		{name: "sheath-the-swords", att: ship, def: "galleass", typ: Boarding, o: Options{Wind: 9, Boxes: boxes},
			msg:   "Sheath the Swords (9 oB): Player Ships At Sea cannot perform Boarding Battles, the seas are too rough",
			cites: []string{CiteSheathSwords, CiteWindForce}, rule: "Sheath the Swords: Player Ships At Sea cannot perform Boarding Battles (e.g. sword duels) the seas are too rough."},
		{name: "sheath-the-swords-defender", att: "ship:cannons=2,sailors=2,owner=a,at=anchorage", def: "ship:cannons=2,sailors=2,owner=b", typ: Boarding, o: Options{Wind: 9, Boxes: boxes},
			msg:   "Sheath the Swords (9 oB): the defending Player Ship is At Sea and cannot perform a Boarding Battle (bosun's reading; see docs/misty-battles.md, option sheath-attacker-only)",
			cites: []string{CiteSheathSwords, CiteWindForce}, rule: "Player Ships At Sea cannot perform Boarding Battles"},
	}
	tested := map[string]bool{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tested[c.name] = true
			att := Unit{}
			if c.attUnit != nil {
				att = *c.attUnit
			} else {
				att = mustUnit(t, c.att)
			}
			def := mustUnit(t, c.def)
			_, err := CanAttack(att, def, c.typ, c.o)
			require.Error(t, err)
			var ue *referee.UsageError
			require.ErrorAs(t, err, &ue)
			assert.True(t, referee.IsUsage(err))
			assert.Equal(t, "mistywaters: "+c.msg, ue.Msg)
			assert.Equal(t, c.cites, ue.Cites)

			// Only this refusal holds (and the later ones the row names).
			var held []string
			for _, r := range refusals {
				ok, err := r.when(&attackCase{att: att, def: def, t: c.typ, o: c.o})
				require.NoError(t, err)
				if ok {
					held = append(held, r.name)
				}
			}
			assert.Equal(t, append([]string{c.name}, c.also...), held, "refusals that hold")

			// The rule is in one of the cited sections (or in ruleIn).
			found := false
			in := c.cites
			if c.ruleIn != "" {
				in = []string{c.ruleIn}
			}
			for _, id := range in {
				s, ok := rulesref.Section(id)
				require.Truef(t, ok, "%s is not a section", id)
				if strings.Contains(squash(s.Full), squash(c.rule)) {
					found = true
				}
			}
			assert.Truef(t, found, "%q is not in the sections %v", c.rule, in)
		})
	}
	for _, r := range refusals {
		assert.Truef(t, tested[r.name], "refusal %s has no test row", r.name)
	}
	assert.Len(t, cases, len(refusals), "one row per refusal")
}

// squash folds runs of white space to one space.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }
