package rollingseas

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
)

// counting answers from a Scripted prompter and counts the questions per key.
type counting struct {
	*referee.Scripted
	asked map[string]int
}

func (c *counting) Ask(q referee.Question) (string, error) {
	c.asked[q.Key]++
	return c.Scripted.Ask(q)
}

// testBoard is the scripted games' board (boardData) with some values
// replaced, and a fresh table set.
func testBoard(t *testing.T, over map[string]string) (Board, *counting) {
	t.Helper()
	p := &counting{Scripted: referee.NewScripted(), asked: map[string]int{}}
	for k, v := range boardData {
		if _, ok := over[k]; !ok {
			p.Set(k, v, "set")
		}
	}
	for k, v := range over {
		p.Set(k, v, "set")
	}
	return Board{Set: newTables(t), Prompt: p}, p
}

// The Ship Board layout the tests below rely on (boardData, the scripted
// games' board):
//
//	Story Track:      5:blue-gold,10:blue-wind,15:yellow-3,20:blue-fill,25:yellow-5,30:blue-story,35:yellow-8,40:yellow-10
//	Gold Piece Track: 5:blue-story,10:blue-wind,15:yellow-2,20:blue-story,25:yellow-3,30:yellow-5
//	Provisions Track: 5:blue-gold,10:blue-story,15:yellow-2,20:blue-wind,25:yellow-3,30:yellow-5
//	Cannon Track:     3:blue-story,4:blue-wind,5:blue-fill,6:yellow-5
func TestBoardDataLayout(t *testing.T) {
	b, asked := testBoard(t, nil)
	wantTracks := map[string]string{
		TrackStory:      "5:blue-gold,10:blue-wind,15:yellow-3,20:blue-fill,25:yellow-5,30:blue-story,35:yellow-8,40:yellow-10",
		TrackGold:       "5:blue-story,10:blue-wind,15:yellow-2,20:blue-story,25:yellow-3,30:yellow-5",
		TrackProvisions: "5:blue-gold,10:blue-story,15:yellow-2,20:blue-wind,25:yellow-3,30:yellow-5",
		TrackCannon:     "3:blue-story,4:blue-wind,5:blue-fill,6:yellow-5",
	}
	// The tracks' lengths: the Story Track holds 40, the Gold Piece and
	// Provisions Tracks 30 (board values of the test games), the Cannon
	// Track 7 ("purchasing the seventh Cannon", rolling-seas/end-of-game).
	wantLen := map[string]int{TrackStory: 40, TrackGold: 30, TrackProvisions: 30}
	for tr, n := range wantLen {
		got, err := b.Track(tr)
		if err != nil || got != n {
			t.Errorf("%s track holds %d, got %d (%v)", tr, n, got, err)
		}
	}
	if mx, err := b.MaxCannons(); err != nil || mx != 7 {
		t.Errorf("rolling-seas/end-of-game: the seventh Cannon is the last, got %d (%v)", mx, err)
	}
	yellow := map[string]int{}
	for _, tr := range BonusTracks {
		bbs, err := b.TrackBonuses(tr)
		if err != nil {
			t.Fatalf("%s: %v", tr, err)
		}
		var got []string
		for i, bb := range bbs {
			got = append(got, bb.String())
			if bb.Track != tr {
				t.Errorf("%s: Bonus %s on track %q", tr, bb, bb.Track)
			}
			// rolling-seas/bonus: a yellow Bonus is Renown at the end;
			// a blue one is a Story Point, a Gold Piece, a Wind in Your Sails
			// or a full Hold, nothing else.
			if bb.Yellow() {
				yellow[tr] += bb.Renown
			} else if !slices.Contains([]string{ItemStory, ItemGold, ItemWind, ItemFill}, bb.Gain) {
				t.Errorf("rolling-seas/bonus: %s: blue Bonus %q", bb.Place(), bb.Gain)
			}
			// rolling-seas/bonus: the Hold tracks give a Bonus for filling
			// a column (5 boxes): every column of the 30 boxes has one, at
			// its last box.
			if tr == TrackGold || tr == TrackProvisions {
				if bb.At != 5*(i+1) {
					t.Errorf("rolling-seas/bonus: %s Bonus %d sits at box %d, want the end of column %d (box %d)", tr, i+1, bb.At, i+1, 5*(i+1))
				}
			}
		}
		if strings.Join(got, ",") != wantTracks[tr] {
			t.Errorf("%s: Bonuses %s, want %s", tr, strings.Join(got, ","), wantTracks[tr])
		}
	}
	if n, _ := b.TrackBonuses(TrackGold); len(n) != 6 {
		t.Errorf("rolling-seas/bonus: 30 Gold Pieces in columns of 5: 6 column Bonuses, got %d", len(n))
	}
	// Specific cells the Captain's games reach: Story Track square 5 is a
	// blue Gold Piece (solo-standard turn 2), Cannon 7 carries no track
	// Bonus (its Renown is the board value cannon.7.renown).
	story, _ := b.TrackBonuses(TrackStory)
	if story[0] != (BoardBonus{Track: TrackStory, At: 5, Gain: ItemGold}) {
		t.Errorf("Story Track square 5: %+v, want a blue Gold Piece", story[0])
	}
	cannon, _ := b.TrackBonuses(TrackCannon)
	if l := cannon[len(cannon)-1]; l.At != 6 {
		t.Errorf("the last Cannon Track Bonus is at Cannon %d, want 6 (Cannon 7's Renown is cannon.7.renown)", l.At)
	}
	if r, err := b.Int("cannon.7.renown", "", 0, 100); err != nil || r != 10 {
		t.Errorf("cannon.7.renown = %d (%v), want 10", r, err)
	}
	// End-of-game Renown on the tracks: Story 3+5+8+10, Gold and
	// Provisions 2+3+5 each, Cannon 5.
	wantYellow := map[string]int{TrackStory: 26, TrackGold: 10, TrackProvisions: 10, TrackCannon: 5}
	for tr, n := range wantYellow {
		if yellow[tr] != n {
			t.Errorf("%s: yellow Bonuses worth %d Renown, got %d", tr, n, yellow[tr])
		}
	}
	// The values the rulebook prints, from the embedded table (never asked).
	ex2, err := b.Exploration(2)
	if err != nil || ex2.String() != "cannon,gold:2,provision" {
		t.Errorf("rolling-seas/prerequisites: the second Exploration Reward is 1 Cannon, 1 Provision and 2 Gold Pieces, got %v (%v)", ex2, err)
	}
	for _, c := range []struct {
		key  string
		want int
		line string
	}{
		{"ship.1.mp", 3, "191"}, {"ship.1.hold", 5, "272"}, {"ship.3.hold", 7, "274"},
		{"ship.2.cost", 4, "290"}, {"ship.3.cost", 5, "290"}, {"outfit.cost", 6, "250"},
	} {
		if got, err := b.Int(c.key, "", 0, 100); err != nil || got != c.want {
			t.Errorf("rolling-seas.txt:%s: %s = %d, got %d (%v)", c.line, c.key, c.want, got, err)
		}
	}
	for _, k := range []string{"rs.board.exploration.2", "rs.board.ship.1.mp", "rs.board.ship.1.hold", "rs.board.ship.3.hold", "rs.board.cannon.max"} {
		if asked.asked[k] != 0 {
			t.Errorf("%s is printed in the rulebook, so it is never asked; asked %d times", k, asked.asked[k])
		}
	}
	// Each track's Bonuses are asked once, however often they are read.
	for _, tr := range BonusTracks {
		if n := asked.asked["rs.board."+trackBonusKey(tr)]; n != 1 {
			t.Errorf("%s Bonuses asked %d times, want once", tr, n)
		}
	}
}

func TestParseBoardBonuses(t *testing.T) {
	ok := []struct {
		track, in string
		length    int
		want      string
	}{
		{TrackStory, "none", 40, ""},
		{TrackStory, "", 40, ""},
		{TrackStory, "10:Yellow-4, 5:blue-gold", 40, "5:blue-gold,10:yellow-4"},
		{TrackGold, "5:blue-story;30:yellow-5", 30, "5:blue-story,30:yellow-5"},
		{TrackProvisions, "10:blue-fill,20:blue-winds", 30, "10:blue-fill,20:blue-wind"},
		{TrackCannon, "3:blue-story,6:yellow-5", 7, "3:blue-story,6:yellow-5"},
	}
	for _, c := range ok {
		got, err := ParseBoardBonuses(c.track, c.in, c.length)
		if err != nil {
			t.Errorf("%s %q: %v", c.track, c.in, err)
			continue
		}
		var s []string
		for _, bb := range got {
			s = append(s, bb.String())
			if bb.Track != c.track {
				t.Errorf("%q: track %q", c.in, bb.Track)
			}
		}
		if strings.Join(s, ",") != c.want {
			t.Errorf("%s %q = %q, want %q", c.track, c.in, strings.Join(s, ","), c.want)
		}
	}
	bad := []struct {
		track, in string
		length    int
		msg       string
	}{
		{TrackStory, "5:gold", 40, "accepted"},
		{TrackStory, "five:blue-gold", 40, "accepted"},
		{TrackStory, "0:blue-gold", 40, "1-40"},
		{TrackStory, "41:blue-gold", 40, "1-40"},
		{TrackStory, "5:blue-cannon", 40, "story, gold, wind, fill"},
		{TrackStory, "5:blue-provision", 40, "story, gold, wind, fill"},
		{TrackStory, "5:yellow-0", 40, "1-100"},
		{TrackStory, "5:yellow", 40, "1-100"},
		{TrackStory, "5:blue-gold,5:yellow-2", 40, "twice"},
		{TrackCannon, "7:yellow-10", 7, "rs.board.cannon.7.renown"},
	}
	for _, c := range bad {
		_, err := ParseBoardBonuses(c.track, c.in, c.length)
		if err == nil || !referee.IsUsage(err) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s %q: error %v, want a usage error naming %q", c.track, c.in, err, c.msg)
		}
	}
}

// The Bonuses of a track are asked once, in one line, with a stable key,
// and remembered in the user's table overlay; a bad answer is refused and
// never remembered.
func TestTrackBonusesAskedOnceAndRemembered(t *testing.T) {
	b, p := testBoard(t, nil)
	for i := 0; i < 3; i++ {
		got, err := b.TrackBonuses(TrackStory)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 8 || got[0] != (BoardBonus{Track: TrackStory, At: 5, Gain: ItemGold}) || got[2] != (BoardBonus{Track: TrackStory, At: 15, Renown: 3}) {
			t.Fatalf("story bonuses %v", got)
		}
	}
	if n := p.asked["rs.board.story-track.bonuses"]; n != 1 {
		t.Errorf("asked %d times, want once", n)
	}
	if r, ok := b.Set.Lookup(TableBoard, "story-track.bonuses"); !ok || referee.ValueText(r.Value) != boardData["rs.board.story-track.bonuses"] || r.Source != tables.SourceUser {
		t.Errorf("remembered %+v", r)
	}

	b, _ = testBoard(t, map[string]string{"rs.board.gold-track.bonuses": "5:story"})
	if _, err := b.TrackBonuses(TrackGold); err == nil || !referee.IsUsage(err) {
		t.Errorf("bad answer accepted: %v", err)
	}
	if r, _ := b.Set.Lookup(TableBoard, "gold-track.bonuses"); r.Known() {
		t.Errorf("bad answer remembered: %+v", r)
	}
	// A spot beyond the track (30 Gold Pieces in the test board) is refused.
	b, _ = testBoard(t, map[string]string{"rs.board.gold-track.bonuses": "35:blue-story"})
	if _, err := b.TrackBonuses(TrackGold); err == nil || !strings.Contains(err.Error(), "1-30") {
		t.Errorf("spot 35 of 30: %v", err)
	}
}

// "You gain a Bonus when you ... mark off certain squares on the Story
// Track." "If the Bonus has a blue background, gain the indicated Bonus
// immediately: ... Gain a Gold Piece."
func TestStoryTrackBlueBonus(t *testing.T) {
	b, _ := testBoard(t, nil)
	ir := &Ironside{Story: 4, Ship: 1}
	notes, err := ir.Gains(b, Items{ItemStory: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if ir.Story != 5 || ir.Gold != 1 || ir.GoldMarked != 1 {
		t.Errorf("square 5 (blue Gold): %+v", ir)
	}
	if !reflect.DeepEqual(ir.Unlocked, []BoardBonus{{Track: TrackStory, At: 5, Gain: ItemGold}}) {
		t.Errorf("unlocked %v", ir.Unlocked)
	}
	if len(notes) != 1 || notes[0] != "Story Track square 5: blue Bonus, 1 Gold Piece now" {
		t.Errorf("notes %q", notes)
	}
	// A square is marked once: gaining more does not unlock it again.
	if _, err := ir.Gains(b, Items{ItemStory: 3}, 1); err != nil {
		t.Fatal(err)
	}
	if ir.Story != 8 || ir.Gold != 1 || len(ir.Unlocked) != 1 {
		t.Errorf("after square 8: %+v", ir)
	}
	// Passing two Bonus squares in one gain unlocks both.
	if _, err := ir.Gains(b, Items{ItemStory: 8}, 1); err != nil {
		t.Fatal(err)
	}
	if ir.Story != 16 || ir.Wind != 1 || len(ir.Unlocked) != 3 || ir.YellowRenown() != 3 {
		t.Errorf("squares 10 (blue Wind) and 15 (yellow 3): %+v", ir)
	}
}

// "You gain a Bonus when you fill a column of Provisions or Gold Pieces on
// your Ship Board": a column is filled by marking its last box; Gold Pieces
// he has spent stay marked (he "crosses off the necessary Gold Pieces").
func TestGoldColumnBonus(t *testing.T) {
	b, _ := testBoard(t, nil)
	ir := &Ironside{Story: 1, Ship: 1, GoldMarked: 4, Gold: 0}
	if _, err := ir.Gains(b, Items{ItemGold: 1}, 1); err != nil {
		t.Fatal(err)
	}
	if ir.Gold != 1 || ir.GoldMarked != 5 || ir.Story != 2 {
		t.Errorf("Gold column to box 5 (blue Story Point): %+v", ir)
	}
	ir.Gold = 0 // spent at a Port
	if _, err := ir.Gains(b, Items{ItemGold: 5}, 1); err != nil {
		t.Fatal(err)
	}
	if ir.Gold != 5 || ir.GoldMarked != 10 || ir.Wind != 1 || ir.Story != 2 {
		t.Errorf("Gold column to box 10 (blue Wind in Your Sails): %+v", ir)
	}
}

// Blue Bonuses are gained immediately, so one can unlock the next: Story
// square 5 gives a Gold Piece, which fills the Gold column to box 5 and
// gives a Story Point.
func TestBlueBonusChain(t *testing.T) {
	b, _ := testBoard(t, nil)
	ir := &Ironside{Story: 4, Ship: 1, GoldMarked: 4, Gold: 2}
	notes, err := ir.Gains(b, Items{ItemStory: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if ir.Story != 6 || ir.Gold != 3 || ir.GoldMarked != 5 || len(ir.Unlocked) != 2 {
		t.Errorf("chain: %+v", ir)
	}
	want := []string{"Story Track square 5: blue Bonus, 1 Gold Piece now", "Gold Piece column ending at box 5: blue Bonus, 1 Story Point now"}
	if !reflect.DeepEqual(notes, want) {
		t.Errorf("notes %q", notes)
	}
}

// "Fill your Hold to Capacity with Provisions." "Captain Ironside never
// spends Provisions, and there is no limit to how many Provisions his Ship
// can hold": ironside-fill=capacity adds Provisions up to his Ship's Hold
// Capacity (none once he holds more); ironside-fill=hold-size adds a whole
// Hold Capacity.
func TestFillBonus(t *testing.T) {
	b, _ := testBoard(t, nil)
	ir := &Ironside{Story: 19, Ship: 1, Provisions: 2}
	if _, err := ir.Gains(b, Items{ItemStory: 1}, 1); err != nil {
		t.Fatal(err)
	}
	// Story square 20 (blue fill): 3 Provisions to the Capacity of 5, which
	// fill the Provisions column to box 5 (blue Gold Piece).
	if ir.Story != 20 || ir.Provisions != 5 || ir.Gold != 1 {
		t.Errorf("fill to Capacity: %+v", ir)
	}
	ir = &Ironside{Story: 19, Ship: 1, Provisions: 8}
	notes, err := ir.Gains(b, Items{ItemStory: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if ir.Provisions != 8 || !strings.Contains(strings.Join(notes, ";"), "none to add") {
		t.Errorf("already above Capacity: %+v %q", ir, notes)
	}
	ir = &Ironside{Story: 19, Ship: 1, Provisions: 8, Fill: "hold-size"}
	if _, err := ir.Gains(b, Items{ItemStory: 1}, 1); err != nil {
		t.Fatal(err)
	}
	// 8 + 5 = 13: the Provisions column to box 10 (blue Story Point).
	if ir.Provisions != 13 || ir.Story != 21 {
		t.Errorf("hold-size: %+v", ir)
	}
}

// "Gain a Wind in Your Sails." He keeps it: "Smooth Sailing: The Captain
// gains 1 Story Point per Wind in Its Sails."
func TestWindBonusCountsWhenHeSails(t *testing.T) {
	b, _ := testBoard(t, nil)
	ir := &Ironside{Story: 9, Ship: 1, MonsterStrength: 1, PirateStrength: 1}
	cx := &step{st: &State{Iron: ir, Wind: []string{"N", "E", "S"}, Card: TurnCard{Kind: KindSmooth}}, b: b}
	if _, err := ir.Gains(b, Items{ItemStory: 1}, 1); err != nil {
		t.Fatal(err)
	}
	if ir.Wind != 1 {
		t.Fatalf("square 10 (blue Wind): %+v", ir)
	}
	if _, _, err := cx.perform(ActSail); err != nil {
		t.Fatal(err)
	}
	if ir.Story != 11 {
		t.Errorf("Smooth Sailing Sail with 1 Wind in Its Sails: story %d, want 11", ir.Story)
	}
}

// "If Captain Ironside is supposed to gain Provisions, Gold Pieces, Cannons,
// or Story Points, but the corresponding track is full, add a tick mark to
// his Bonus Renown box": a blue Gold Piece on a full Gold Piece Track is a
// tick.
func TestBlueBonusOnFullTrackIsATick(t *testing.T) {
	b, _ := testBoard(t, nil)
	ir := &Ironside{Story: 4, Ship: 1, GoldMarked: 30, Gold: 3}
	if _, err := ir.Gains(b, Items{ItemStory: 1}, 1); err != nil {
		t.Fatal(err)
	}
	if ir.Gold != 3 || ir.GoldMarked != 30 || ir.Ticks != 1 {
		t.Errorf("full Gold track: %+v", ir)
	}
	// The last Story square's Bonus is unlocked and the Story Points beyond
	// it are ticks.
	ir = &Ironside{Story: 38, Ship: 1}
	if _, err := ir.Gains(b, Items{ItemStory: 4}, 1); err != nil {
		t.Fatal(err)
	}
	if ir.Story != 40 || ir.Ticks != 2 || ir.YellowRenown() != 10 {
		t.Errorf("story track full: %+v", ir)
	}
}

// "You gain a Bonus ... when you buy certain Cannons" ("When you Outfit a
// Cannon, cross off its price tag and gain the indicated Bonus, if any"):
// he buys Cannon 3 at a Port and gains its blue Story Point. A Cannon he
// finds (an Exploration Reward) unlocks its Bonus too, unless
// ironside-cannon-bonus=bought.
func TestCannonBonus(t *testing.T) {
	b, _ := testBoard(t, nil)
	ir := &Ironside{Story: 1, Ship: 3, Cannons: 2, Gold: 4, GoldMarked: 4, Provisions: 20}
	cx := &step{st: &State{Iron: ir, Explore: 1}, b: b}
	text, err := cx.ironPort()
	if err != nil {
		t.Fatal(err)
	}
	// Tell: 1 Renown, +1 Story; fill: 1 Gold, +1 Provision; Cannon 3 for 3
	// Gold: blue Story Point.
	if ir.Cannons != 3 || ir.Gold != 0 || ir.Story != 3 || !strings.Contains(text, "buys Cannon 3 for 3 Gold (Cannon 3: blue Bonus, 1 Story Point now)") {
		t.Errorf("bought Cannon 3: %+v\n%s", ir, text)
	}
	if _, err := ir.Gains(b, Items{ItemCannon: 1}, 1); err != nil {
		t.Fatal(err)
	}
	if ir.Cannons != 4 || ir.Wind != 1 {
		t.Errorf("found Cannon 4 (blue Wind): %+v", ir)
	}
	ir = &Ironside{Story: 1, Ship: 1, Cannons: 3, CannonBonus: "bought"}
	if _, err := ir.Gains(b, Items{ItemCannon: 1}, 1); err != nil {
		t.Fatal(err)
	}
	if ir.Cannons != 4 || ir.Wind != 0 || len(ir.Unlocked) != 0 {
		t.Errorf("found Cannon 4 with ironside-cannon-bonus=bought: %+v", ir)
	}
}

// "If the Bonus has a yellow background, it will provide you with Renown at
// the end of the game." End of Game: "Bonus Renown Points: Add up all the
// Renown you have accumulated by ... unlocking Bonuses in your Hold and on
// the Story Track".
func TestYellowBonusesInHisScore(t *testing.T) {
	b, _ := testBoard(t, nil)
	ir := &Ironside{Story: 14, Ship: 1, GoldMarked: 14, Gold: 0, Provisions: 14, Cannons: 5}
	if _, err := ir.Gains(b, Items{ItemStory: 1, ItemGold: 1, ItemProvision: 1, ItemCannon: 1}, 1); err != nil {
		t.Fatal(err)
	}
	cx := &step{st: &State{Iron: ir}, b: b}
	sc, err := cx.ironScore()
	if err != nil {
		t.Fatal(err)
	}
	// Story square 15: 3; Gold and Provisions columns to box 15: 2 each;
	// Cannon 6: 5.
	if sc.Bonus != 12 || ir.YellowRenown(TrackProvisions, TrackGold) != 4 {
		t.Errorf("bonus %d, want 12: %+v", sc.Bonus, sc)
	}
	want := []string{
		"Hold Bonuses: +4 (Gold Piece column ending at box 15 +2, Provisions column ending at box 15 +2)",
		"Story Track Bonuses: +3 (Story Track square 15 +3)",
		"Cannon Track Bonuses: +5 (Cannon 6 +5)",
	}
	for _, w := range want {
		found := false
		for _, d := range sc.Detail {
			found = found || d == w
		}
		if !found {
			t.Errorf("detail %q missing: %q", w, sc.Detail)
		}
	}
	if got := RankScores([]Score{sc})[0].Total; got != 15+12 {
		t.Errorf("total %d, want 27 (final story 15 + bonus 12)", got)
	}
}

// Training: "Captain Ironside doesn't gain any Bonuses from Captain Cards";
// his Ship Board's Bonuses are not Captain Card Bonuses, so he still gains
// them: his Sail on Perils with two matching Wind Dice (3 Story Points, from
// 1 to 4) marks Story Track square 4, blue Gold Piece on this board.
func TestTrainingStillGainsShipBoardBonuses(t *testing.T) {
	a := firstTurn("perils", "N,N,S")
	a["rs.ironside.card.number"] = []string{"5"}
	a["rs.player.Alma.tokens.spend"] = []string{"none"}
	a["rs.board.story-track.bonuses"] = []string{"4:blue-gold"}
	s, _, next := session(t, []string{"Alma"}, map[string]string{"ironside": "training"}, a)
	var evs []referee.Event
	for i := 0; i < 4; i++ {
		evs = next()
	}
	ir := stateOf(t, s).Iron
	if ir.Story != 4 || ir.Gold != 1 || len(ir.Unlocked) != 1 {
		t.Fatalf("after his Sail: %+v", ir)
	}
	if log := logText(evs); !strings.Contains(log, "Training: no card Bonus.") || !strings.Contains(log, "Story Track square 4: blue Bonus, 1 Gold Piece now") {
		t.Errorf("log: %s", log)
	}
}
