package mistywaters

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCanAttack(t *testing.T) {
	boxes := FixedBoxes{"rocky-seas": 10, "sheath-the-swords": 9}
	cases := []struct {
		name     string
		att, def string
		typ      BattleType
		o        Options
		wantErr  string
		cite     string
		noCouter bool
	}{
		{"ship fires at pirate", "ship:cannons=2,owner=a", "pirate", Broadside, Options{}, "", "", false},
		{"board pirate standard", "ship:cannons=2,sailors=2,owner=a", "pirate", Boarding, Options{}, "anti-boarding", CiteBattleType, false},
		{"board pirate advanced", "ship:cannons=2,sailors=2,owner=a", "pirate", Boarding, Options{Advanced: true}, "", "", false},
		{"board freighter", "ship:cannons=2,sailors=2,owner=a", "freighter", Boarding, Options{}, "anti-boarding", CiteBattleType, false},
		{"board monster", "ship:cannons=2,sailors=2,owner=a", "kraken", Boarding, Options{}, "protected by the sea", CiteBattleType, false},
		{"board galleass", "ship:cannons=2,sailors=2,owner=a", "galleass", Boarding, Options{}, "", "", false},
		{"target at base", "ship:cannons=2,owner=a", "ship:cannons=2,owner=b,at=base", Broadside, Options{}, "Base cannot be attacked", CiteBaseNoBattles, false},
		{"target at tavern", "ship:cannons=2,owner=a", "ship:cannons=2,owner=b,at=tavern", Broadside, Options{}, "Tavern", CiteTavernNoBattles, false},
		{"docks with fort", "ship:cannons=2,owner=a", "ship:cannons=2,owner=b,fort=c", Broadside, Options{}, "protected by a Fort", CiteFortProtection, false},
		{"docks fort owner attacks", "ship:cannons=2,owner=c", "ship:cannons=2,owner=b,fort=c", Broadside, Options{}, "", "", false},
		{"attacker at base not blocked", "ship:cannons=2,owner=a,at=base", "pirate", Broadside, Options{}, "both exits are blocked", CiteBaseNoBattles, false},
		{"attacker at base blocked", "ship:cannons=2,owner=a,at=base,blocked", "pirate", Broadside, Options{}, "", "", false},
		{"monster vs port ship", "leviathan", "ship:cannons=2,owner=a,at=anchorage", Broadside, Options{}, "non-At Sea", CiteMonsterAttack, false},
		{"monster vs fort", "kraken", "fort:owner=a", Broadside, Options{}, "cannot attack nor counterattack a Fort", CiteMonsterAttack, false},
		{"ship at port vs monster: no counter", "ship:cannons=2,owner=a,at=anchorage", "hydra", Broadside, Options{}, "", "", true},
		{"pirate vs caravel", "pirate", "caravel-npc", Broadside, Options{}, "do not attack other Pirate Ships or other NPC Ships", CitePirateAttack, false},
		{"pirate vs npc galleass", "pirate", "galleass", Broadside, Options{}, "contract", CitePirateAttack, false},
		{"pirate vs player galleass", "pirate", "galleass:owner=a", Broadside, Options{}, "", "", true},
		{"battery vs npc galleass", "battery", "galleass", Broadside, Options{}, "their own ship", CiteBatteryAttack, false},
		{"caravel never attacks", "caravel-npc", "ship:cannons=2,owner=a", Broadside, Options{}, "never attacks", CiteNPCAttacks, false},
		{"dutchman", "ship:cannons=2,owner=a", "dutchman", Broadside, Options{}, "Flying Dutchman", CiteDeathZone, false},
		{"militia needs advanced", "ship:cannons=2,sailors=2,owner=a,at=docks", "militia:owner=b", Boarding, Options{}, "Advanced Rules", CiteAdvanced, false},
		{"militia broadside", "ship:cannons=2,sailors=2,owner=a,at=docks", "militia:owner=b", Broadside, Options{Advanced: true}, "only be attacked via Boarding", CiteMilitia, false},
		{"militia not at docks", "ship:cannons=2,sailors=2,owner=a", "militia:owner=b", Boarding, Options{Advanced: true}, "connecting Docks", CiteMilitia, false},
		{"rocky seas at 10", "ship:cannons=2,owner=a", "pirate", Broadside, Options{Wind: 10}, "Rocky Seas", CiteRockySeas, false},
		{"rocky seas spares a port attacker, no counter", "ship:cannons=2,owner=a,at=anchorage", "pirate", Broadside, Options{Wind: 10}, "", "", true},
		{"rocky seas spares a fort", "fort:owner=a", "pirate", Broadside, Options{Wind: 10}, "", "", true},
		{"rocky seas below its box", "ship:cannons=2,owner=a", "pirate", Broadside, Options{Wind: 9, Boxes: boxes}, "", "", false},
		{"sheath the swords", "ship:cannons=2,sailors=2,owner=a", "galleass", Boarding, Options{Wind: 9, Boxes: boxes}, "Sheath the Swords", CiteSheathSwords, false},
		{"sheath spares militia", "ship:cannons=2,sailors=2,owner=a,at=docks", "militia:owner=b", Boarding, Options{Wind: 12, Boxes: boxes, Advanced: true}, "", "", false},
		{"monsters gone at 11", "kraken", "ship:cannons=2,owner=a", Broadside, Options{Wind: 11}, "Return to the Depths", CiteReturnDepths, false},
		{"monster ignores rocky seas, ship cannot counter", "kraken", "ship:cannons=2,owner=a", Broadside, Options{Wind: 10}, "", "", true},
		{"temple needs advanced", "ship:cannons=2,owner=a,at=lagoon", "temple", Broadside, Options{}, "Advanced Rules", CiteAdvanced, false},
		{"temple has no counter", "ship:cannons=2,owner=a,at=lagoon", "temple", Broadside, Options{Advanced: true}, "", "", true},
		{"freighter no counter", "ship:cannons=2,owner=a", "freighter", Broadside, Options{}, "", "", true},
		{"own fort", "ship:cannons=2,owner=a", "fort:owner=a", Broadside, Options{}, "its own player's", CiteSelectTarget, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := CanAttack(mustUnit(t, c.att), mustUnit(t, c.def), c.typ, c.o)
			if c.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), c.wantErr)
				assert.True(t, referee.IsUsage(err))
				var ue *referee.UsageError
				require.ErrorAs(t, err, &ue)
				assert.Contains(t, ue.Cites, c.cite)
				return
			}
			require.NoError(t, err)
			if c.typ == Broadside {
				assert.Equal(t, !c.noCouter, v.Counterattack, v.NoCounterWhy)
			}
		})
	}
}

func TestSeaMonsters(t *testing.T) {
	ship := mustUnit(t, "ship:cannons=2,sailors=2,gunner,owner=ann")
	res, err := ResolveBroadside(BroadsideInput{Attacker: mustUnit(t, "leviathan"), Defender: ship}, entered(t, "", "1,3"))
	require.NoError(t, err)
	assert.Equal(t, 1, res.Attack.Damage.Cannons)
	assert.Equal(t, 1, res.Attack.Damage.Sailors)
	require.NotNil(t, res.Counter)
	assert.Equal(t, 2, res.Counter.Dice, "1 Cannon left + 1 for the Gunner")
	assert.False(t, res.Counter.Damage.Defeated, "only a 6 damages a Sea Monster (assumed card value); 1 and 3 miss")
	// enter 6 for the counterattack: the Leviathan is defeated, 5 Silver + 2 XP + trophy to ann.
	res, err = ResolveBroadside(BroadsideInput{Attacker: mustUnit(t, "leviathan"), Defender: ship}, entered(t, "", "4,6"))
	require.NoError(t, err)
	assert.True(t, res.Counter.Damage.Defeated)
	require.Len(t, res.Outcome.Rewards, 1)
	assert.Equal(t, Reward{To: "defender", Player: "ann", Silver: 5, XP: 2, Trophy: "Leviathan", Votes: 5, Why: "defeating a Sea Monster"}, res.Outcome.Rewards[0])
	// the Hydra removes all Sailors and Officers except the Captain.
	s2 := mustUnit(t, "ship:cannons=2,sailors=2,gunner,captain,fencing,owner=ann")
	res, err = ResolveBroadside(BroadsideInput{Attacker: mustUnit(t, "hydra"), Defender: s2}, entered(t, "", "2,3"))
	require.NoError(t, err)
	assert.Equal(t, 0, res.DefenderAfter.Sailors)
	assert.Equal(t, Basic, res.DefenderAfter.Captain)
	assert.Equal(t, NoOfficer, res.DefenderAfter.Gunner)
	assert.Equal(t, 2, res.Counter.Dice, "no Gunner left: 2 Cannons")
	// the Sea Serpent: the opponent rolls Sailors instead of Cannons.
	s3 := mustUnit(t, "ship:cannons=4,sailors=1,owner=ann")
	res, err = ResolveBroadside(BroadsideInput{Attacker: s3, Defender: mustUnit(t, "sea-serpent")}, entered(t, "3", ""))
	require.NoError(t, err)
	assert.Equal(t, 1, res.Attack.Dice)
	require.NotNil(t, res.Counter)
	assert.Equal(t, "Sea Serpent removes 1 Cannon", res.Counter.CardDamage)
	assert.Equal(t, 3, res.AttackerAfter.Cannons)
}

func TestSeaMonsterAgainstNPCs(t *testing.T) {
	res, err := ResolveBroadside(BroadsideInput{Attacker: mustUnit(t, "kraken"), Defender: mustUnit(t, "pirate")}, entered(t, "", "6,6,2"))
	require.NoError(t, err)
	assert.Equal(t, 1, res.Attack.Damage.Markers)
	require.NotNil(t, res.Counter)
	assert.Equal(t, 3, res.Counter.Dice, "the now damaged Pirate Ship counterattacks with 3")
	assert.True(t, res.Counter.Damage.Defeated)
	assert.Empty(t, res.Outcome.Rewards, "NPC victors receive nothing")
	res, err = ResolveBroadside(BroadsideInput{Attacker: mustUnit(t, "megalodon"), Defender: mustUnit(t, "galleass")}, entered(t, "", ""))
	require.NoError(t, err)
	assert.Equal(t, 1, res.Attack.Damage.Sailors, "against the Conquistadors' Galleass remove 1 Sailor instead")
	assert.Nil(t, res.Counter)
}

func TestGalleassAndFreighter(t *testing.T) {
	att := mustUnit(t, "ship:cannons=3,sailors=1,owner=ann")
	res, err := ResolveBroadside(BroadsideInput{Attacker: att, Defender: mustUnit(t, "galleass:sailors=2")}, entered(t, "6,1,1", ""))
	require.NoError(t, err)
	assert.Equal(t, 2, res.Attack.Damage.Sailors)
	assert.True(t, res.Attack.Damage.Defeated)
	assert.Equal(t, 5, res.Outcome.Rewards[0].Silver)
	assert.True(t, res.Outcome.EndGame, "the Conquistadors' Treasure sinks")
	// Silver Freighter: a 2 disables it; no 6 -> Treasure Chest; 4s are misses.
	res, err = ResolveBroadside(BroadsideInput{Attacker: att, Defender: mustUnit(t, "freighter")}, entered(t, "2,4,5", ""))
	require.NoError(t, err)
	assert.True(t, res.Attack.Damage.Defeated)
	assert.Empty(t, res.Attack.Rerolls, "no ricochet with the Silver Freighter")
	assert.Equal(t, []string{"Treasure Chest (7 Silver Coins) in the Captain's Cabin"}, res.Outcome.Rewards[0].Items)
	res, err = ResolveBroadside(BroadsideInput{Attacker: att, Defender: mustUnit(t, "freighter")}, entered(t, "2,6,3", ""))
	require.NoError(t, err)
	assert.Empty(t, res.Outcome.Rewards[0].Items, "a '6' sinks the chest")
	// Conquistadors' Caravel: 2 XP, no Silver, a Treasure Chest for a Player Ship.
	res, err = ResolveBroadside(BroadsideInput{Attacker: att, Defender: mustUnit(t, "caravel-npc:damaged")}, entered(t, "6,2,3", ""))
	require.NoError(t, err)
	assert.Equal(t, 0, res.Outcome.Rewards[0].Silver)
	assert.Equal(t, 2, res.Outcome.Rewards[0].XP)
	assert.Len(t, res.Outcome.Rewards[0].Items, 1)
}

func TestPlayerShipDefeatedByBroadside(t *testing.T) {
	att := mustUnit(t, "ship:cannons=3,sailors=1,owner=ann")
	def := mustUnit(t, "sloop:cannons=1,sailors=2,gunner,captain,owner=bob,cargo=barrel,cabin=passenger,cards=letter")
	res, err := ResolveBroadside(BroadsideInput{Attacker: att, Defender: def}, entered(t, "6,2,3", ""))
	require.NoError(t, err)
	require.True(t, res.Attack.Damage.Defeated)
	assert.Equal(t, 0, res.Outcome.Rewards[0].Silver, "defeating a Sloop does not earn Silver Coins")
	assert.Equal(t, 2, res.Outcome.Rewards[0].XP)
	require.NotNil(t, res.Outcome.Seize)
	assert.Contains(t, res.Outcome.Seize.May, "2 Sailors")
	assert.Contains(t, res.Outcome.Seize.May, "the Gunner")
	assert.Contains(t, res.Outcome.Seize.Sinks, "the Captain (goes down with the ship)")
	assert.Contains(t, res.Outcome.Seize.Sinks, "barrel (Cargo Hold)")
	require.NotNil(t, res.Outcome.PlayerDefeat)
	assert.Equal(t, 5, res.Outcome.PlayerDefeat.Silver)
	def.PriorDefeats = 1
	res, err = ResolveBroadside(BroadsideInput{Attacker: att, Defender: def}, entered(t, "6,2,3", ""))
	require.NoError(t, err)
	assert.True(t, res.Outcome.PlayerDefeat.SkullRockRemoved)
	assert.Equal(t, 0, res.Outcome.PlayerDefeat.Silver)
}

func TestFirstClassGunnerAndXP(t *testing.T) {
	att := mustUnit(t, "ship:cannons=2,sailors=1,fc-gunner,xp=2,owner=ann")
	fort := mustUnit(t, "fort:owner=bob")
	// 3 dice against a Fort: 6,1,2 -> the Gunner re-rolls the 1 and the 2 (they do nothing): 6,6;
	// then no useless dice remain, the 2 tokens are spent but unused.
	res, err := ResolveBroadside(BroadsideInput{Attacker: att, Defender: fort}, entered(t, "6,1,2+6,3,6", ""))
	require.NoError(t, err)
	assert.Equal(t, []int{6, 6, 6}, res.Attack.Final)
	assert.True(t, res.Attack.Damage.Defeated, "three 6s defeat a full-strength Fort")
	assert.Equal(t, 2, res.Attack.XPDeclared)
}

func TestAdvancedPirateBoarding(t *testing.T) {
	att := mustUnit(t, "ship:sailors=3,cannons=3,owner=ann")
	pir := mustUnit(t, "pirate")
	// 6 vs 4: two clashes of 3 vs 2. The attacker wins every duel: the Pirate loses 4 dice.
	res, err := ResolveBoarding(BoardingInput{Attacker: att, Defender: pir, Options: Options{Advanced: true}},
		entered(t, "6,6,6;6,6,6", "1,1;1,1"))
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{3, 2}, {3, 2}}, res.Clashes)
	assert.True(t, res.ToDefender.Defeated)
	assert.Equal(t, Reward{To: "attacker", Player: "ann", XP: 1, Trophy: "Pirate Ship", Votes: 5, Why: "defeating a Pirate Ship by Boarding Battle (Advanced Rules: 0 Silver Coins, 1 Experience Token)"}, res.Outcome.Rewards[0])
	// 2 dice lost: a Damage Marker only.
	res, err = ResolveBoarding(BoardingInput{Attacker: att, Defender: pir, Options: Options{Advanced: true}},
		entered(t, "6,6,6;1,1,1", "1,1;6,6"))
	require.NoError(t, err)
	assert.False(t, res.ToDefender.Defeated)
	assert.Equal(t, 1, res.ToDefender.Markers)
}

func TestMilitia(t *testing.T) {
	att := mustUnit(t, "ship:sailors=3,cannons=2,fencing,at=docks,owner=ann,shore=2+1+fencing")
	mil := mustUnit(t, "militia:owner=bob")
	o := Options{Advanced: true}
	res, err := ResolveBoarding(BoardingInput{Attacker: att, Defender: mil, Options: o}, entered(t, "5,5,1", "6,2"))
	require.NoError(t, err)
	assert.Equal(t, 3, res.AttackerDice)
	// the Militia arranges first (2 dice): 6,2; the attacker's front 1,5 (+1 Fencing Master: 2,6),
	// bosun puts the extra 5 (6) behind the 1: 8 v 6 and 6 v 2, the Militia has 0 Sailors.
	assert.Equal(t, []int{1}, res.Rounds[0].Placement)
	assert.True(t, res.ToDefender.Defeated)
	assert.Empty(t, res.Outcome.Rewards, "no direct reward; the island can likely be re-Captured")
	res, err = ResolveBoarding(BoardingInput{Attacker: att, Defender: mil, Options: o}, entered(t, "1,1,1;1", "6,6;6"))
	require.NoError(t, err)
	assert.False(t, res.ToDefender.Defeated)
	assert.Equal(t, 1, res.AttackerAfter.Cannons, "the whole shore party is removed")
	assert.Equal(t, 1, res.AttackerAfter.Sailors)
	assert.Equal(t, NoOfficer, res.AttackerAfter.FencingMaster)
	// must leave a Cannon aboard.
	bad := mustUnit(t, "ship:sailors=3,cannons=2,at=docks,owner=ann,shore=2+2")
	_, err = ResolveBoarding(BoardingInput{Attacker: bad, Defender: mil, Options: o}, entered(t, "", ""))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at least 1 Cannon")
}

func TestSimplifiedVariant(t *testing.T) {
	att := mustUnit(t, "ship:sailors=2,cannons=1,owner=ann")
	def := mustUnit(t, "ship:sailors=1,cannons=1,owner=bob")
	o := Options{Simplified: true}
	res, err := ResolveBoarding(BoardingInput{Attacker: att, Defender: def, Options: o}, entered(t, "3;5;2", "3;1;4"))
	require.NoError(t, err)
	// duel 1: tie, both keep; duel 2: 5 v 1 defender loses a die; duel 3: 2 v 4 attacker loses a die. 3 duels = most dice at the start.
	require.Len(t, res.Rounds, 3)
	assert.Equal(t, 1, res.ToAttacker.Sailors)
	assert.Equal(t, 1, res.ToDefender.Sailors)
}

func TestErrataDuelTotals(t *testing.T) {
	r := DuelRules{BonusA: 1}
	assert.Equal(t, 12, r.Total([]int{6, 6}, 1), "two rows may sum to 12")
	assert.Equal(t, 6, r.Total([]int{6}, 1), "no die exceeds 6 after modifiers")
	assert.Equal(t, 11, r.Total([]int{5, 6}, 0))
	old := DuelRules{Cap6: true}
	assert.Equal(t, 6, old.Total([]int{5, 4}, 0), "printed v3.5: a duel cannot exceed 6")
}

func TestRerollPolicyOverride(t *testing.T) {
	att := mustUnit(t, "ship:cannons=2,sailors=1,fc-gunner,owner=ann")
	def := mustUnit(t, "ship:cannons=3,sailors=2,owner=bob")
	// default: the Gunner re-rolls only the 2 (the 1 is a Deck Crew Hit).
	res, err := ResolveBroadside(BroadsideInput{Attacker: att, Defender: def}, entered(t, "6,1,2+3", "2,3"))
	require.NoError(t, err)
	assert.Equal(t, []int{6, 1, 3}, res.Attack.Final)
	// the player's own choice: re-roll the 1 and the 2.
	o := Options{Rerolls: map[string][]int{"attacker.gunner": {2, 3}}}
	res, err = ResolveBroadside(BroadsideInput{Attacker: att, Defender: def, Options: o}, entered(t, "6,1,2+6,6", "2,3"))
	require.NoError(t, err)
	assert.Equal(t, []int{6, 6, 6}, res.Attack.Final)
	assert.True(t, res.Attack.Damage.Defeated)
}
