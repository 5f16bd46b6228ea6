package rolling

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/refereetest"
)

func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{Out: &out, ErrOut: &out})
	f.G.Set = nil
	cmd := NewCmd(f)
	for i, a := range args {
		if strings.HasPrefix(a, "--set=") {
			f.G.Set = append(f.G.Set, strings.TrimPrefix(a, "--set="))
			args = append(args[:i:i], args[i+1:]...)
		}
	}
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	err := cmd.Execute()
	return out.String(), err
}

func TestCost(t *testing.T) {
	out, err := run(t, "cost", "--wind", "NE", "--path", "E:current2,NE:current2,NE:perils,NE:perils,NE,NE,NE")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "8 MP in all, 3 free; 5 Provisions") || !strings.Contains(out, "4 Story Points") {
		t.Errorf("%s", out)
	}
	if _, err := run(t, "cost", "--wind", "UP", "--path", "E"); !referee.IsUsage(err) {
		t.Errorf("bad wind: %v", err)
	}
}

func TestAmbushPiratesRank(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	f := cmdutil.New(&cmdutil.IO{Out: &bytes.Buffer{}})
	f.G.Set = []string{"rs.ambush.roll.attacker=4", "rs.ambush.roll.defender=3"}
	var out bytes.Buffer
	f.IO.Out = &out
	cmd := NewCmd(f)
	cmd.SetArgs([]string{"ambush", "--attacker-cannons", "1", "--defender-cannons", "1", "--loser-provisions", "0", "--loser-gold", "1"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "4+1=5 beats 3+1=4") || !strings.Contains(out.String(), "option 2") {
		t.Errorf("%s", out.String())
	}
	o, err := run(t, "pirates", "--cannons", "3", "--strength", "2")
	if err != nil || !strings.Contains(o, "spaces 1,2,3") {
		t.Errorf("%s %v", o, err)
	}
	o, err = run(t, "rank", "162")
	if err != nil || !strings.Contains(o, "Wandering Minstrel") {
		t.Errorf("%s %v", o, err)
	}
	o, err = run(t, "monolith", "--die", "6", "--monolith", "3", "--turn", "17")
	if err == nil || !referee.IsUsage(err) {
		// space 1 is a board value: asked, and nobody answers.
		t.Errorf("%s %v", o, err)
	}
}

func TestHelpersRefuseBadInput(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	for _, args := range [][]string{
		{"cost", "--wind", "NE", "--path", "E", "--mp", "-1"},
		{"cost", "--wind", "NE", "--path", "E", "--wind-in-sails", "2"},
		{"cost", "--wind", "NE", "--path", "E", "--ship", "4"},
		{"cost", "--wind", "NE", "--path", "E", "--ship", "1", "--mp", "3"},
		{"ambush", "--loser-option", "3"},
		{"ambush", "--unpayable", "maybe"},
		{"ambush", "--defender-cannons", "-1"},
		{"pirates", "--cannons", "-1"},
		{"explore", "--die", "0"},
		{"explore", "--die", "3", "--turn", "-1"},
		{"port", "--ship", "3", "--upgrade", "1"},
		{"port", "--gold", "3", "--upgrade", "1"},
		{"rank", "many"},
	} {
		out, err := run(t, args...)
		if !referee.IsUsage(err) {
			t.Errorf("%v: %v %s", args, err, out)
		}
	}
}

func TestPortAndRankJSON(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	out, err := run(t, "port", "--story", "12", "--gold", "10", "--provisions", "3", "--upgrade", "2", "--fill")
	if err != nil || !strings.Contains(out, "write 12 Renown") || !strings.Contains(out, "Ship 3, 0 Gold Pieces, 7 Provisions") {
		t.Errorf("%s %v", out, err)
	}
	var buf bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{Out: &buf, ErrOut: &buf})
	f.G.JSON = true
	cmd := NewCmd(f)
	cmd.SetArgs([]string{"rank", "162"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"renown": 162`) || !strings.Contains(buf.String(), `"Title": "Wandering Minstrel"`) {
		t.Errorf("%s", buf.String())
	}
}

// A one-shot's summary says each count in words: one of a thing is
// singular ("1 Gold Piece", not "1 Gold Pieces"), for every resource.
func TestPortSummarySaysOneInTheSingular(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	out, err := run(t, "port", "--story", "1", "--new-port=false", "--gold", "1", "--provisions", "1", "--cannons", "1")
	if err != nil || !strings.Contains(out, "Now: 1 Story Point, Ship 1, 1 Gold Piece, 1 Provision, 1 Cannon (0 Gold spent).") {
		t.Errorf("%v\n%s", err, out)
	}
	if bad := refereetest.BadWords(out); len(bad) > 0 {
		t.Errorf("%v in\n%s", bad, out)
	}
}

// --reward and --cannon-price give board values for one run: used, never
// remembered, and checked like an answer.
func TestGivenBoardValuesForOneRun(t *testing.T) {
	out, err := runLine(t, "bosun rolling explore --die 4 --reward 4=gold:4,provision:2")
	if err != nil || !strings.Contains(out, "4 Gold Pieces, 2 Provisions") {
		t.Fatalf("%v\n%s", err, out)
	}
	// The next run (same config dir) still asks: nothing was remembered.
	cfg := t.TempDir()
	for _, line := range []string{
		"bosun rolling explore --die 4 --reward 4=gold:4,provision:2",
		"bosun rolling port --story 4 --new-port=false --gold 5 --buy-cannons 1 --cannon-price 1=4",
	} {
		t.Setenv("XDG_CONFIG_HOME", cfg)
		var buf bytes.Buffer
		f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(""), Out: &buf, ErrOut: &buf})
		cmd := NewCmd(f)
		cmd.SetArgs(shellWords(line)[2:])
		if err := cmd.Execute(); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if err := f.FlushTables(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(cfg, "bosun", "tables.yaml")); !os.IsNotExist(err) {
		t.Errorf("a one-run value was remembered: %v", err)
	}
	out, err = runLine(t, "bosun rolling port --story 4 --new-port=false --gold 5 --buy-cannons 1 --cannon-price 1=4")
	if err != nil || !strings.Contains(out, "Cannon 1 for 4 Gold Pieces") {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, line := range []string{
		"bosun rolling explore --die 4 --reward 4=banana",
		"bosun rolling explore --die 4 --reward 7=gold",
		"bosun rolling port --buy-cannons 1 --gold 9 --cannon-price 1=x",
	} {
		if _, err := runLine(t, line); !referee.IsUsage(err) {
			t.Errorf("%s: want a usage error, got %v", line, err)
		}
	}
}

// Issue #13 items 22-23: a negative total is a Renown total (rolling-seas/end-of-game:
// "Lose 5 Renown for each Pirate you didn't encounter"); a Pirate Strength
// of 0 and Cannons beyond the Cannon Track (the seventh Cannon, rolling-seas/end-of-game)
// are refused with exit 2, not changed into other values.
func TestOneShotsSignedAndBounded(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	o, err := run(t, "rank", "-5")
	if err != nil || !strings.Contains(o, "-5 Renown: Small-Time Braggart") {
		t.Errorf("rank -5: %s %v", o, err)
	}
	o, err = run(t, "rank", "--", "-20")
	if err != nil || !strings.Contains(o, "-20 Renown: Small-Time Braggart") {
		t.Errorf("rank -- -20: %s %v", o, err)
	}
	for _, args := range [][]string{{"rank", "-5", "3"}, {"rank"}} {
		if _, err := run(t, args...); !referee.IsUsage(err) {
			t.Errorf("%v: want a usage error, got %v", args, err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"pirates", "--strength", "0"}, "begin the game with 1 Strength"},
		{[]string{"pirates", "--cannons", "8"}, "Cannon Track"},
		{[]string{"pirates", "--cannons", "9", "--max-cannons", "9"}, "--cannons 9 is more than the Cannon Track of a Ship Board holds (7"},
		{[]string{"cost", "--wind", "NE", "--path", "E", "--pirates", "0"}, "begin the game with 1 Strength"},
		{[]string{"cost", "--wind", "NE", "--path", "E", "--cannons", "100"}, "--cannons 100 is more than the Cannon Track"},
		{[]string{"ambush", "--attacker-cannons", "100"}, "--attacker-cannons 100 is more than the Cannon Track of a Ship Board holds (7 Cannons"},
		{[]string{"ambush", "--defender-cannons", "8"}, "--defender-cannons 8"},
		{[]string{"port", "--cannons", "9", "--new-port=false"}, "9 Cannons is more than the Cannon Track holds (7"},
	} {
		_, err := run(t, tc.args...)
		if !referee.IsUsage(err) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: want a usage error naming %q, got %v", tc.args, tc.want, err)
		}
	}
	// 7 Cannons, the whole track, is still accepted.
	if o, err := run(t, "pirates", "--cannons", "7", "--strength", "7"); err != nil || !strings.Contains(o, "2 Exploration Rewards") {
		t.Errorf("pirates --cannons 7: %s %v", o, err)
	}
}

// Issue #13 item 4: "Captain Ironside never spends Provisions" (rolling-seas/captain-actions/ambush):
// as the loser he pays only the Gold of the option.
func TestAmbushIronsideLoserKeepsProvisions(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	rolls := []string{"rs.ambush.roll.attacker=4", "rs.ambush.roll.defender=3"}
	o, err := runSet(t, rolls, "ambush", "--attacker", "Ann", "--defender", "Captain Ironside",
		"--attacker-cannons", "2", "--loser-provisions", "5", "--loser-gold", "4", "--loser-option", "2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(o, "loses 2 Gold Pieces (option 2) and no Provisions") || strings.Contains(o, "1 Provision ") || !strings.Contains(o, "never spends Provisions") {
		t.Errorf("%s", o)
	}
	// A player loser still pays the Provision.
	o, err = runSet(t, rolls, "ambush", "--attacker", "ironside", "--defender", "Ann",
		"--attacker-cannons", "2", "--loser-provisions", "5", "--loser-gold", "4")
	if err != nil || !strings.Contains(o, "loses 1 Provision and 1 Gold Piece") {
		t.Errorf("%s %v", o, err)
	}
}

func runSet(t *testing.T, set []string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{Out: &out, ErrOut: &out})
	f.G.Set = set
	cmd := NewCmd(f)
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	err := cmd.Execute()
	return out.String(), err
}
