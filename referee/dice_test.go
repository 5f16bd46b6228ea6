package referee_test

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/tables"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSeededDiceAreReproducible(t *testing.T) {
	a := referee.NewDice(referee.Virtual, 42, nil)
	b := referee.NewDice(referee.Virtual, 42, nil)
	ra, err := a.RollN("k", referee.D(6), 20)
	require.NoError(t, err)
	rb, _ := b.RollN("k", referee.D(6), 20)
	assert.Equal(t, referee.Values(ra), referee.Values(rb))
	c := referee.NewDice(referee.Virtual, 43, nil)
	rc, _ := c.RollN("k", referee.D(6), 20)
	assert.NotEqual(t, referee.Values(ra), referee.Values(rc), "another seed gives other rolls")
	for _, r := range ra {
		assert.True(t, r.Value >= 1 && r.Value <= 6)
		assert.False(t, r.Entered)
	}
}

func TestDiceStateResumesTheSequence(t *testing.T) {
	whole := referee.NewDice(referee.Virtual, 7, nil)
	all, _ := whole.RollN("k", referee.D(20), 10)

	first := referee.NewDice(referee.Virtual, 7, nil)
	part1, _ := first.RollN("k", referee.D(20), 4)
	state := first.State()
	resumed := referee.NewDice(referee.Virtual, 7, nil)
	require.NoError(t, resumed.Restore(state))
	part2, _ := resumed.RollN("k", referee.D(20), 6)
	assert.Equal(t, referee.Values(all), append(referee.Values(part1), referee.Values(part2)...))
}

func TestPhysicalDiceRejectFacesTheDieDoesNotHave(t *testing.T) {
	for _, bad := range []string{"0", "7", "x", "3.5"} {
		p := referee.NewScripted()
		p.Set("roll.d6", bad, "set")
		d := referee.NewDice(referee.Physical, 1, p)
		_, err := d.Roll("roll.d6", referee.D(6))
		require.Error(t, err, bad)
		assert.True(t, referee.IsUsage(err))
		assert.Contains(t, err.Error(), "1-6")
	}
	p := refereetest.NewPrompter(t).Expect("broadside.attacker", "6, 4 4,1")
	d := referee.NewDice(referee.Physical, 1, p)
	rs, err := d.RollN("broadside.attacker", referee.D(6), 4)
	require.NoError(t, err)
	assert.Equal(t, []int{6, 4, 4, 1}, referee.Values(rs))
	assert.True(t, rs[0].Entered)
}

func TestPhysicalDiceCountMustMatch(t *testing.T) {
	p := referee.NewScripted()
	p.Set("k", "6,4", "set")
	_, err := referee.NewDice(referee.Physical, 1, p).RollN("k", referee.D(6), 3)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "needs 3 values")
}

func TestModesMixPerRoll(t *testing.T) {
	p := referee.NewScripted()
	p.Set("entered", "5", "set")
	d := referee.NewDice(referee.Virtual, 3, p)
	r1, err := d.Roll("entered", referee.D(6))
	require.NoError(t, err)
	assert.Equal(t, 5, r1.Value)
	assert.True(t, r1.Entered)
	r2, err := d.Roll("rolled", referee.D(6))
	require.NoError(t, err)
	assert.False(t, r2.Entered)
	assert.Len(t, d.TakeRolls(), 2)
	assert.Empty(t, d.TakeRolls())
}

func TestNoAnswerNamesKeyAndAcceptedValues(t *testing.T) {
	d := referee.NewDice(referee.Physical, 1, referee.NewScripted())
	_, err := d.Roll("roll.d6", referee.D(6))
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "roll.d6")
	assert.Contains(t, err.Error(), "1-6")
}

// testDice are the named dice the games declare, as the engine sees them
// (the engine itself knows none).
var testDice = []referee.DieInfo{
	{Name: "direction", Title: "Direction Dice", Game: "misty-waters", Count: 1},
	{Name: "wind", Title: "Wind Dice", Game: "rolling-seas", Count: 3, MinCount: 2, RerollWhileAllMatch: true},
	{Name: "exploration", Title: "Exploration Die", Game: "rolling-seas", Count: 1},
	{Name: "ammo", Title: "Ammo die", Game: "quests-and-cannons", Count: 1},
	{Name: "traveler", Title: "Traveler Die", Game: "quests-and-cannons", Count: 1},
	{Name: "pirate", Title: "black pirate die", Game: "war-for-atraxia", Count: 2},
}

func TestLabelledDice(t *testing.T) {
	set, err := tables.New("", nil)
	require.NoError(t, err)
	wind, err := referee.NamedDie(set, nil, testDice, "wind")
	require.NoError(t, err)
	assert.Len(t, wind.Faces, 8)
	f, err := wind.ParseFace("ne")
	require.NoError(t, err)
	assert.Equal(t, "NE", f.Label)
	_, err = wind.ParseFace("up")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "N, NE, E, SE, S, SW, W, NW")
}

func TestWindDiceRerollWhileAllMatch(t *testing.T) {
	set, _ := tables.New("", nil)
	// faces index: 0=N; three Ns, then N,N,E
	d := referee.WithRNG(&referee.Fixed{Seq: []int{0, 0, 0, 0, 0, 2}}, nil)
	sp, err := referee.ParseSpec("wind", testDice)
	require.NoError(t, err)
	r, err := referee.RollSpec(d, set, "roll.wind", sp)
	require.NoError(t, err)
	assert.Equal(t, 1, r.Rerolls)
	assert.Equal(t, []string{"N", "N", "E"}, []string{r.Rolls[0].Label, r.Rolls[1].Label, r.Rolls[2].Label})

	p := referee.NewScripted()
	p.Set("roll.wind", "SE,se,SE", "set")
	d = referee.NewDice(referee.Physical, 1, p)
	_, err = referee.RollSpec(d, set, "roll.wind", sp)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "re-roll")

	// Entered dice that all match are asked for again: the table re-rolls
	// and an answers file gives the re-roll as the key's next answer. Both
	// rolls are logged.
	p = referee.NewScripted()
	p.Set("roll.wind", "E,e,E", "answers")
	p.Set("roll.wind", "N,E,s", "answers")
	d = referee.NewDice(referee.Physical, 1, p)
	r, err = referee.RollSpec(d, set, "roll.wind", sp)
	require.NoError(t, err)
	assert.Equal(t, 1, r.Rerolls)
	assert.Equal(t, []string{"N", "E", "S"}, []string{r.Rolls[0].Label, r.Rolls[1].Label, r.Rolls[2].Label})
	assert.Len(t, d.TakeRolls(), 6)

	// A die that does not declare the re-roll keeps a matching roll.
	d = referee.WithRNG(&referee.Fixed{Seq: []int{0, 0, 0}}, nil)
	sp, err = referee.ParseSpec("3d6", testDice)
	require.NoError(t, err)
	r, err = referee.RollSpec(d, set, "roll.3d6", sp)
	require.NoError(t, err)
	assert.Equal(t, 0, r.Rerolls)
	assert.Equal(t, 3, r.Total)
}

func TestUnknownBoardFacesAreAskedOnceAndRemembered(t *testing.T) {
	overlay := t.TempDir() + "/tables.yaml"
	set, err := store.LoadTables(overlay)
	require.NoError(t, err)
	p := refereetest.NewPrompter(t).Expect("tables.dice.ammo", "0,1,1,2,2,3")
	die, err := referee.NamedDie(set, p, testDice, "ammo")
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1, 1, 2, 2, 3}, faceValues(die))
	require.NoError(t, store.FlushTables(set)) // the command succeeded

	again, err := store.LoadTables(overlay)
	require.NoError(t, err)
	die2, err := referee.NamedDie(again, refereetest.NewPrompter(t), testDice, "ammo") // no question expected
	require.NoError(t, err)
	assert.Equal(t, faceValues(die), faceValues(die2))
	row, _ := again.Lookup("dice", "ammo")
	assert.Equal(t, tables.SourceUser, row.Source)
}

func faceValues(d referee.Die) []int {
	var v []int
	for _, f := range d.Faces {
		v = append(v, f.Value)
	}
	return v
}

func TestParseSpec(t *testing.T) {
	tests := []struct {
		in      string
		count   int
		die     string
		wantErr string
	}{
		{"3d6", 3, "d6", ""},
		{"d6", 1, "d6", ""},
		{"D20", 1, "d20", ""},
		{"wind", 3, "wind", ""},
		{"ammo:3", 3, "ammo", ""},
		{"pirate", 2, "pirate", ""},
		{"direction", 1, "direction", ""},
		{"2x6", 0, "", "not a dice spec"},
		{"0d6", 0, "", "rolls 0 dice"},
		{"d1", 0, "", "no such die"},
		{"ammo:0", 0, "", "count"},
		{"wind:1", 0, "", "fewer than two"},
		{"", 0, "", "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			sp, err := referee.ParseSpec(tt.in, testDice)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				assert.True(t, referee.IsUsage(err))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.count, sp.Count)
			assert.Equal(t, tt.die, sp.Die)
		})
	}
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"3d6", "d6", "wind", "ammo:3", "2x6", "d", "999999999999d6", "pirate:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := referee.ParseSpec(s, testDice)
		if err != nil {
			if !referee.IsUsage(err) {
				t.Fatalf("%q: error is not a usage error: %v", s, err)
			}
			return
		}
		if sp.Count < 1 || sp.Count > referee.MaxDice {
			t.Fatalf("%q: count %d out of range", s, sp.Count)
		}
	})
}
