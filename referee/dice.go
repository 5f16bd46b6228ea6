package referee

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// RNG is a source of uniform integers in [0, n). *rand.Rand satisfies it.
type RNG interface{ IntN(n int) int }

// Face is one face of a die: the number that counts and, for custom dice, the
// label printed on it (a compass point, a direction with its neighbours).
type Face struct {
	Value int    `json:"value"`
	Label string `json:"label,omitempty"`
}

// Die is a die of one of the games. For a plain dN the faces are 1..N.
type Die struct {
	Name  string `json:"name"`  // "d6", "direction", "wind", "ammo", ...
	Title string `json:"title"` // "Direction Dice"
	Game  string `json:"game,omitempty"`
	Faces []Face `json:"faces"`
}

// D returns a plain n-sided die.
func D(n int) Die {
	f := make([]Face, n)
	for i := range f {
		f[i] = Face{Value: i + 1}
	}
	return Die{Name: "d" + strconv.Itoa(n), Title: "d" + strconv.Itoa(n), Faces: f}
}

// FaceNames lists what may be entered for the die: its values, or its labels
// when the faces are labelled.
func (d Die) FaceNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range d.Faces {
		s := d.faceName(f)
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func (d Die) faceName(f Face) string {
	if f.Label != "" {
		return f.Label
	}
	return strconv.Itoa(f.Value)
}

// Accepts says which values may be entered, e.g. "1-6" or "N, NE, E".
func (d Die) Accepts() string {
	names := d.FaceNames()
	if len(d.Faces) > 0 && d.Faces[0].Label == "" {
		lo, hi, contiguous := d.Faces[0].Value, d.Faces[0].Value, true
		for i, f := range d.Faces {
			if f.Value < lo {
				lo = f.Value
			}
			if f.Value > hi {
				hi = f.Value
			}
			if i > 0 && f.Value != d.Faces[i-1].Value+1 {
				contiguous = false
			}
		}
		if contiguous && len(names) > 2 {
			return fmt.Sprintf("%d-%d", lo, hi)
		}
	}
	return strings.Join(names, ", ")
}

// ParseFace reads an entered face: a label (case-insensitive) or a value.
func (d Die) ParseFace(s string) (Face, error) {
	s = strings.TrimSpace(s)
	for _, f := range d.Faces {
		if f.Label != "" && strings.EqualFold(f.Label, s) {
			return f, nil
		}
	}
	if n, err := strconv.Atoi(s); err == nil {
		for _, f := range d.Faces {
			if f.Label == "" && f.Value == n {
				return f, nil
			}
		}
		// Labelled dice may also be entered by face number (1-based).
		if d.Faces[0].Label != "" && n >= 1 && n <= len(d.Faces) {
			return d.Faces[n-1], nil
		}
	}
	return Face{}, Usagef("dice: %q is not a face of the %s (%s)", s, d.Title, d.Accepts())
}

// Roll is one die roll as logged: which die, the face, and whether bosun
// rolled it or a player entered it.
type Roll struct {
	Key     string `json:"key"`
	Die     string `json:"die"`
	Value   int    `json:"value"`
	Label   string `json:"label,omitempty"`
	Entered bool   `json:"entered"`
}

// Mode is how dice are rolled.
type Mode string

// Dice modes.
const (
	Virtual  Mode = "virtual"
	Physical Mode = "physical"
)

// ParseMode validates a --dice value.
func ParseMode(s string) (Mode, error) {
	switch Mode(strings.ToLower(s)) {
	case Virtual, "":
		return Virtual, nil
	case Physical:
		return Physical, nil
	}
	return "", Usagef("dice: mode %q is not known (virtual or physical)", s)
}

// Dice rolls every die of the four games. In virtual mode it rolls with the
// seeded PCG; in physical mode it asks the prompter for each roll and
// rejects values that are not faces. A roll whose key has a preset answer is
// entered even in virtual mode, so both modes mix within a session.
type Dice struct {
	Mode   Mode
	Prompt Prompter
	pcg    *rand.PCG
	rng    *rand.Rand
	fixed  RNG // tests: overrides the PCG
	rolls  []Roll
}

// NewDice returns virtual/physical dice seeded with seed.
func NewDice(mode Mode, seed uint64, p Prompter) *Dice {
	pcg := rand.NewPCG(seed, 0x626f73756e) // "bosun"
	return &Dice{Mode: mode, Prompt: p, pcg: pcg, rng: rand.New(pcg)}
}

// WithRNG returns virtual dice drawing from r (tests use a fixed sequence).
func WithRNG(r RNG, p Prompter) *Dice {
	d := NewDice(Virtual, 0, p)
	d.fixed = r
	return d
}

// State returns the RNG state for saving with the session.
func (d *Dice) State() []byte {
	b, _ := d.pcg.MarshalBinary()
	return b
}

// Restore sets the RNG state saved by State.
func (d *Dice) Restore(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	return d.pcg.UnmarshalBinary(b)
}

// mark returns a function that puts the dice back where they are now,
// so that a step run again rolls the same (a test RNG that cannot be
// cloned is left where it is).
func (d *Dice) mark() func() {
	if d == nil {
		return func() {}
	}
	st := d.State()
	var fx RNG
	if c, ok := d.fixed.(Cloner); ok {
		fx = c.Clone()
	}
	return func() {
		d.Restore(st)
		if fx != nil {
			d.fixed = fx.(Cloner).Clone()
		}
		d.rolls = nil
	}
}

// IntN draws from the dice RNG (for shuffles and other virtual draws).
func (d *Dice) IntN(n int) int {
	if d.fixed != nil {
		return d.fixed.IntN(n)
	}
	return d.rng.IntN(n)
}

// Roll rolls one die. key is the prompt key used when the roll is entered.
func (d *Dice) Roll(key string, die Die) (Roll, error) {
	rs, err := d.RollN(key, die, 1)
	if err != nil {
		return Roll{}, err
	}
	return rs[0], nil
}

// RollN rolls n of the same die. Entered rolls are asked as one question
// with n comma-separated values.
func (d *Dice) RollN(key string, die Die, n int) ([]Roll, error) {
	if n <= 0 {
		return nil, nil
	}
	if len(die.Faces) == 0 {
		return nil, fmt.Errorf("dice: the %s has no known faces", die.Title)
	}
	entered := d.Mode == Physical
	if ps, ok := d.Prompt.(Presetter); ok && ps.HasAnswer(key) {
		entered = true
	}
	out := make([]Roll, n)
	if entered {
		if d.Prompt == nil {
			return nil, Usagef("dice: %s must be entered but nobody can be asked", key)
		}
		what := die.Title
		if n > 1 {
			what = fmt.Sprintf("%d × %s", n, die.Title)
		}
		// The faces are checked inside the question (Check), so a terminal
		// re-asks a bad face in place; one die with labelled faces is offered
		// as a pick list (Choices). Scripted answers read exactly as before.
		parse := func(raw string) ([]Face, error) {
			items := SplitList(raw)
			if len(items) != n {
				hint := ""
				if n > 1 {
					hint = fmt.Sprintf(" (all in one answer, e.g. --set %s=a,b; in a YAML answers file a plain list is a queue of separate rolls: write \"a,b\" or [[a, b]])", key)
				}
				return nil, Usagef("dice: %s needs %s for %s, got %d (%q); each one of %s%s", key, Count(n, "value"), what, len(items), raw, die.Accepts(), hint)
			}
			fs := make([]Face, n)
			for i, it := range items {
				f, err := die.ParseFace(it)
				if err != nil {
					return nil, err
				}
				fs[i] = f
			}
			return fs, nil
		}
		q := Question{Key: key, Kind: KindText, Text: fmt.Sprintf("enter the roll of %s", what),
			Accepted: fmt.Sprintf("%s of the %s: %s", Noun(n, "1 face", fmt.Sprintf("%d comma-separated faces", n)), die.Title, die.Accepts()),
			Check: func(v string) (string, error) {
				_, err := parse(v)
				return v, err
			}}
		if n == 1 && die.Faces[0].Label != "" {
			q.Choices = die.FaceNames()
		}
		raw, err := d.Prompt.Ask(q)
		if err != nil {
			return nil, err
		}
		faces, err := parse(raw)
		if err != nil {
			return nil, err
		}
		for i, f := range faces {
			out[i] = Roll{Key: key, Die: die.Name, Value: f.Value, Label: f.Label, Entered: true}
		}
	} else {
		for i := range out {
			f := die.Faces[d.IntN(len(die.Faces))]
			out[i] = Roll{Key: key, Die: die.Name, Value: f.Value, Label: f.Label}
		}
	}
	d.rolls = append(d.rolls, out...)
	return out, nil
}

// TakeRolls returns and clears the rolls made since the last call.
func (d *Dice) TakeRolls() []Roll {
	r := d.rolls
	d.rolls = nil
	return r
}

// Values returns the values of rolls.
func Values(rs []Roll) []int {
	v := make([]int, len(rs))
	for i, r := range rs {
		v[i] = r.Value
	}
	return v
}

// Fixed is an RNG for tests that returns a fixed sequence of die results.
// Each entry is the 0-based index returned to IntN; it panics when the
// sequence runs out, failing the test.
type Fixed struct {
	Seq []int
	i   int
}

// IntN implements RNG.
func (f *Fixed) IntN(n int) int {
	if f.i >= len(f.Seq) {
		panic("referee.Fixed: sequence of " + Count(len(f.Seq), "value") + " ran out")
	}
	v := f.Seq[f.i]
	f.i++
	if v < 0 || v >= n {
		panic(fmt.Sprintf("referee.Fixed: value %d out of range [0,%d)", v, n))
	}
	return v
}
