package rollingseas

import (
	"reflect"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
)

// Sara's sail from H13, read step by step: "Sails one space E, onto a
// Current on I13, which costs her 2 MP. She crosses off a box for
// encountering the Current. ... She heads NE for only 1 MP and crosses off
// another box by encountering a second Current. She has used up her Ship's
// free MP, but she can't stay in the Current space, so she spends 1
// Provision to go further. She runs into a Perils of the Sea and spends 1
// Provision to cross off 2 more boxes before deciding to spend 3 additional
// Provisions to reach N8. By the end of the turn, she will have spent 5
// Provisions ... and she will have marked a total of 4 Story Points."
//
// The example agrees with the rules ("Gain 1 Story Point each time you Sail
// through a Perils of the Sea"; Perils are "made up of multiple, independent
// spaces"; 1 Provision per extra MP) when the Perils she runs into is two
// squares long: every step NE costs 1 MP, every step after the free 3 MP
// costs 1 Provision, and the two Perils squares give 1 Story Point each.
func TestSaraSailExampleAgreesWithRules(t *testing.T) {
	path, err := ParsePath("E:current2,NE:current2,NE:perils,NE:perils,NE,NE,NE")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Sail(SailInput{Wind: "NE", Path: path, FreeMP: 3, Provisions: 5})
	if err != nil {
		t.Fatal(err)
	}
	var mp, prov, story []int
	for _, s := range res.Steps {
		mp = append(mp, s.MP)
		prov = append(prov, s.Provisions+s.EncProv)
		story = append(story, s.Story)
	}
	if !reflect.DeepEqual(mp, []int{2, 1, 1, 1, 1, 1, 1}) {
		t.Errorf("MP per step = %v", mp)
	}
	if !reflect.DeepEqual(prov, []int{0, 0, 1, 1, 1, 1, 1}) {
		t.Errorf("Provisions per step = %v", prov)
	}
	if !reflect.DeepEqual(story, []int{1, 1, 1, 1, 0, 0, 0}) {
		t.Errorf("Story Points per step = %v", story)
	}
	if res.TotalMP != 8 || res.Provisions != 5 || res.ProvisionsEnc != 0 || res.Story != 4 {
		t.Errorf("total %d MP, %d Provisions (%d for encounters), %d Story Points; want 8, 5 (0), 4", res.TotalMP, res.Provisions, res.ProvisionsEnc, res.Story)
	}
}

// "Fill Your Hold ... spend 1 Gold Piece and add Provisions until your Hold
// is full to capacity." Example 1 agrees (capacity 5, 2 in the hold: gains
// 3); Example 2 ("capacity of 7 Provisions, and 3 Provisions in her hold
// ... she gains 7 Provisions") contradicts the rule: bosun follows the rule.
func TestFillHoldExamples(t *testing.T) {
	if got := FillHold(5, 2); got != 3 {
		t.Errorf("Tim: %d, want 3", got)
	}
	if got := FillHold(7, 3); got != 4 {
		t.Errorf("Alma: %d, want 4 (the rule; the example's 7 would overfill her Hold)", got)
	}
	if got := TrimHold(5, 8); got != 3 {
		t.Errorf("trim: %d, want 3", got)
	}
}

// "Loser: lose 1 Provision, -1 Gold Piece OR 1 Provision, -2 Gold Pieces
// (if neither is possible, choose whichever would cause you to lose more
// and pay what you can)." Paying what you can is only allowed when neither
// option can be paid in full: a loser who picks the option he cannot pay
// while the other can be paid pays the other one.
func TestBattleLossPayWhatYouCanOnlyWhenNeitherIsPossible(t *testing.T) {
	l := BattleLoss(2, 3, 1, "more")
	if l.Option != 1 || l.Provisions != 1 || l.Gold != 1 {
		t.Errorf("option 2 unpayable, option 1 payable: %+v, want option 1 (1 Provision, 1 Gold)", l)
	}
	l = BattleLoss(2, 3, 1, "choose")
	if l.Option != 1 || l.Gold != 1 {
		t.Errorf("choose: option 1 is fully possible: %+v", l)
	}
	l = BattleLoss(1, 0, 5, "more")
	if l.Option != 2 || l.Provisions != 0 || l.Gold != 2 {
		t.Errorf("no Provision: neither possible, lose more: %+v", l)
	}
	l = BattleLoss(1, 0, 5, "choose")
	if l.Option != 1 || l.Gold != 1 {
		t.Errorf("no Provision, Turn Summary 'choose one and pay what you can': %+v", l)
	}
}

// Bad input to the helpers is refused (exit 2) with what is accepted.
func TestSailRefusesBadInput(t *testing.T) {
	p, _ := ParsePath("E,NE")
	for name, in := range map[string]SailInput{
		"negative free MP":    {Wind: "NE", Path: p, FreeMP: -1, Provisions: -1, MonsterStrength: 1, PirateStrength: 1},
		"too many wind steps": {Wind: "NE", Path: p, FreeMP: 3, WindInSails: 2, WindInSailsEnd: 1, Provisions: -1, MonsterStrength: 1, PirateStrength: 1},
		"negative wind steps": {Wind: "NE", Path: p, FreeMP: 3, WindInSails: -1, Provisions: -1, MonsterStrength: 1, PirateStrength: 1},
		"negative cannons":    {Wind: "NE", Path: p, FreeMP: 3, Cannons: -1, Provisions: -1, MonsterStrength: 1, PirateStrength: 1},
		"negative provisions": {Wind: "NE", Path: p, FreeMP: 3, Provisions: -2, MonsterStrength: 1, PirateStrength: 1},
		"negative strength":   {Wind: "NE", Path: p, FreeMP: 3, Provisions: -1, MonsterStrength: -1, PirateStrength: 1},
	} {
		if _, err := Sail(in); !referee.IsUsage(err) || !strings.Contains(err.Error(), "accepted") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if _, err := Pirates(-1, 2, 7, -1); !referee.IsUsage(err) {
		t.Errorf("negative Cannons: %v", err)
	}
	if _, err := Pirates(1, -1, 7, -1); !referee.IsUsage(err) {
		t.Errorf("negative Strength: %v", err)
	}
	// An unset Strength (0) is the starting Strength 1: "Sea Monsters and
	// Pirates begin the game with 1 Strength."
	mon, _ := ParsePath("N:monster")
	if res, err := Sail(SailInput{Wind: "N", Path: mon, FreeMP: 3, Provisions: -1}); err != nil || res.ProvisionsEnc != 1 {
		t.Errorf("0 Cannons against an unset (1) Sea Monster Strength: %+v %v", res, err)
	}
}

// "You should be left with a 25-card Adventure Deck." ... "If you choose to
// play with them, only add them to the Adventure Deck after you've drawn the
// two cards needed for setup. The "Ambush" cards cannot be used during
// setup." bosun adds them to the prepared deck (27 cards); with
// ambush-cards=pile they go into the Adventure pile after the two setup
// cards are set aside, and the deck stays at 25.
func TestAmbushCardsInTheDeck(t *testing.T) {
	for _, c := range []struct {
		opt      map[string]string
		size     int
		maxAmbus int
	}{
		{map[string]string{"ambush": "on"}, 27, 2},
		{map[string]string{"ambush": "on", "ambush-cards": "pile"}, 25, 2},
		{map[string]string{"ambush": "on", "deck": "harder"}, 27, 2},
		{map[string]string{"ambush": "on", "ambush-cards": "pile", "deck": "harder"}, 25, 2},
		{map[string]string{}, 25, 0},
		{map[string]string{"ambush": "on", "ironside": "basic"}, 25, 0}, // his own Ambush cards instead
	} {
		s, _, _ := session(t, []string{"Alma", "Sara"}, c.opt, map[string][]string{"rs.tokens.place": {"1-2,2-3,3-4"}})
		d := stateOf(t, s).Deck
		if d.Size != c.size || d.AmbushIn != c.maxAmbus {
			t.Errorf("%v: deck %d with %d Ambush cards, want %d and %d", c.opt, d.Size, d.AmbushIn, c.size, c.maxAmbus)
		}
	}
	// Virtual deck, pile reading: 25 cards, Ambushes only among the Adventure Cards.
	set := newTables(t)
	for k, v := range map[string]string{"sea-monster": "8", "perils": "6", "currents": "6", "reefs": "4"} {
		if err := set.Remember(TableBoard, "deck."+k, v, "test"); err != nil {
			t.Fatal(err)
		}
	}
	for seed := uint64(1); seed <= 20; seed++ {
		p := referee.NewScripted()
		env := &referee.Env{Prompt: p, Tables: set, Dice: referee.NewDice(referee.Virtual, seed, p)}
		s, err := chaosTable.NewSession(t, Game{}, "t", []referee.Player{{Name: "A"}, {Name: "B"}}, map[string]string{"ambush": "on", "ambush-cards": "pile", "adventure-deck": "virtual"}, seed, referee.Virtual, env)
		if err != nil {
			t.Fatal(err)
		}
		d := stateOf(t, s).Deck
		smooth := 0
		for _, k := range d.Cards {
			if k == KindSmooth {
				smooth++
			}
		}
		if len(d.Cards) != 25 || smooth > 15 || len(d.Cards)-smooth > 15 {
			t.Fatalf("seed %d: %d cards, %d Smooth Sailing", seed, len(d.Cards), smooth)
		}
		for _, k := range d.Aside {
			if k == KindAmbush {
				t.Fatalf("an Ambush card among the setup Adventures: %v", d.Aside)
			}
		}
	}
}

// Visit a Port: "Gain Renown equal to the number of Story Points ... Next,
// cross off one Story Point"; "the second Ship, which costs 4 Gold Pieces,
// before purchasing the third, which costs 5 Gold Pieces, but you may
// purchase both in the same turn"; "spend 1 Gold Piece and add Provisions
// until your Hold is full to capacity".
func TestPortHelper(t *testing.T) {
	b := Board{Set: newTables(t), Prompt: scriptedBoard()}
	r, err := Port(b, PortInput{Story: 12, Ship: 1, Gold: 10, Provisions: 3, NewPort: true, Upgrades: 2, Fill: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Renown != 12 || r.Story != 11 || r.Ship != 3 || r.Gold != 0 || r.Filled != 4 || r.Provisions != 7 {
		t.Errorf("%+v", r)
	}
	if _, err := Port(b, PortInput{Story: 1, Ship: 1, Gold: 8, Upgrades: 2}); !referee.IsUsage(err) {
		t.Errorf("8 Gold for both Ships: %v", err)
	}
	r, err = Port(b, PortInput{Story: 3, Ship: 1, Gold: 5, Cannons: 0, BuyCannons: 2})
	if err != nil || r.Cannons != 2 || r.Gold != 0 || r.Renown != 0 || r.Story != 3 {
		t.Errorf("two Cannons for 2+3: %+v %v", r, err)
	}
	if _, err := Port(b, PortInput{Ship: 4}); !referee.IsUsage(err) {
		t.Errorf("ship 4: %v", err)
	}
}

// Ship Token Example 1: "You spend 2 Ship Tokens to prevent the Pirates and
// Ancient Monoliths action. ... The Captain Ironside Card drawn indeed
// indicates the Pirates and Ancient Monoliths action. Since you are playing
// on Basic difficulty, Captain Ironside does not perform his action, but he
// does gain 1 Gold Piece." One block covers both actions of that card, even
// when its condition turns Pirates into Monoliths.
func TestShipTokenExample1BlocksPiratesAndMonoliths(t *testing.T) {
	// Test card 9: Pirates, or Monoliths if he has at least as many Cannons
	// as you; Basic bonus on N: a Cannon (so he has 1 Cannon).
	for _, cannons := range []string{"0", "5"} { // 0: Monoliths; 5: Pirates
		a := firstTurn("sea-monster", "W,SE,N")
		a["rs.player.Alma.tokens.spend"] = []string{"block-pirates-monoliths"}
		a["rs.ironside.card.number"] = []string{"9"}
		a["rs.player.Alma.cannons"] = []string{cannons}
		// Card 9 is a Level 2 card: his first draw can be it only when it
		// was moved to the Level 1 pile (rolling-seas/adjust-difficulty, rolling-seas/prepare-captain-ironside-s-deck).
		s, _, next := session(t, []string{"Alma"}, map[string]string{"ironside": "basic", "easier": "two-tokens", "harder": "pirates-monoliths-to-level1"}, a)
		for i := 0; i < 4; i++ {
			next()
		}
		ir := stateOf(t, s).Iron
		if ir.Cannons != 1 || ir.Pirates != 0 || ir.Monoliths != 0 || ir.Story != 1 || ir.LastAction != "none" {
			t.Errorf("Alma has %s Cannons: %+v", cannons, ir)
		}
	}
	if !blocks(BlockPiratesMonoliths, ActMonoliths) || blocks(BlockPiratesMonoliths, ActSail) || blocks("", "") || !blocks(ActSail, ActSail) {
		t.Error("blocks")
	}
}

// "Winner: gain 3 Story Points, 2 Gold Pieces OR 3 Gold Pieces, and fill
// your Hold to Capacity with Provisions." Two readings, switchable.
func TestWinnerReward(t *testing.T) {
	if got := WinnerReward(1, "either").String(); got != "gold:2,story:3" {
		t.Errorf("option 1: %s", got)
	}
	if got := WinnerReward(2, "either").String(); got != "fill,gold:3" {
		t.Errorf("option 2: %s", got)
	}
	if got := WinnerReward(1, "all").String(); got != "fill,gold:3,story:3" {
		t.Errorf("all: %s", got)
	}
	if _, err := parseOptions(map[string]string{"ambush-reward": "some"}); !referee.IsUsage(err) {
		t.Errorf("bad ambush-reward: %v", err)
	}
}

// The rulebook's Renown ranks end at 226-250: a higher total is given the
// last rank, and the rank says the table does not cover it (issue #29).
func TestRankNameSaysWhereTheTableEnds(t *testing.T) {
	if got := RankName(240); got != "Master of Stories" {
		t.Errorf("240: %q", got)
	}
	if got := RankName(284); got != "Master of Stories (beyond the rulebook's ranks, which end at 250; bosun gives the last)" {
		t.Errorf("284: %q", got)
	}
	if got := RankName(-5); got != "Small-Time Braggart (below the rulebook's ranks, which start at 0; bosun gives the first)" {
		t.Errorf("-5: %q", got)
	}
}
