package questsandcannons

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func enemyTargets(st *State, i int) []string {
	var out []string
	for k, q := range st.Players {
		if q.Team != st.Players[i].Team {
			out = append(out, q.Name)
		}
		_ = k
	}
	for _, m := range st.Marauders {
		if !m.Sunk {
			out = append(out, marauderName(m.ID))
		}
	}
	return out
}

// marauderName is a Marauder's id as a choice answer ("marauder-1"); the
// text shown to people uses marauderLabel ("Marauder 1").
func marauderName(id int) string { return "marauder-" + strconv.Itoa(id) }

// marauderLabel names a Marauder in human text.
func marauderLabel(id int) string { return "Marauder " + strconv.Itoa(id) }

// shipLabel names a target ship in human text: a Marauder id becomes
// "Marauder N"; a player's name is kept.
func shipLabel(st *State, target string) string {
	if k := marauderIndex(st, target); k >= 0 {
		return marauderLabel(st.Marauders[k].ID)
	}
	return target
}

func marauderIndex(st *State, name string) int {
	for k, m := range st.Marauders {
		if strings.EqualFold(marauderName(m.ID), name) {
			return k
		}
	}
	return -1
}

// ammoAccepts names what tables.dice.ammo accepts.
const ammoAccepts = "accepted: the dots on each face of an Ammo die as comma-separated whole numbers of 0 or more, e.g. 1,2,3,4,5,6"

// ParseAmmoFaces reads the Ammo die's faces: whole numbers of dots ("Count
// the number of dots that appear.").
func ParseAmmoFaces(v any) ([]int, error) {
	var items []string
	switch x := v.(type) {
	case []any:
		for _, it := range x {
			items = append(items, fmt.Sprint(it))
		}
	case []int:
		for _, it := range x {
			items = append(items, strconv.Itoa(it))
		}
	default:
		items = referee.SplitList(fmt.Sprint(v))
	}
	if len(items) == 0 {
		return nil, referee.Usagef("questsandcannons: tables.dice.ammo is empty; %s", ammoAccepts)
	}
	out := make([]int, len(items))
	for i, it := range items {
		n, err := strconv.Atoi(strings.TrimSpace(it))
		if err != nil || n < 0 || n > 20 {
			return nil, referee.Usagef("questsandcannons: tables.dice.ammo: %q is not a number of dots; %s", it, ammoAccepts)
		}
		out[i] = n
	}
	return out, nil
}

// AmmoDie returns the Ammo die, its faces asked once (tables.dice.ammo) and
// remembered only when they are whole numbers of dots.
func AmmoDie(env *referee.Env) (referee.Die, error) {
	if env.Tables != nil {
		r, ok := env.Tables.Lookup("dice", "ammo")
		if !ok || !r.Known() {
			q := referee.Question{Key: "tables.dice.ammo", Kind: referee.KindList, Min: 0, Max: 20, Where: r.Where,
				Text: "the dots on each face of the Ammo die, comma-separated (e.g. 1,2,3,4,5,6)",
				// Checked inside the question: a typo is re-asked at a
				// terminal and never remembered.
				Check: func(a string) (string, error) { _, err := ParseAmmoFaces(a); return a, err }}
			if env.Prompt == nil {
				return referee.Die{}, &referee.NoAnswerError{Q: q}
			}
			ans, err := env.Prompt.Ask(q)
			if err != nil {
				return referee.Die{}, err
			}
			if _, err := ParseAmmoFaces(ans); err != nil {
				return referee.Die{}, err
			}
			if err := env.Tables.Remember("dice", "ammo", ans, "asked as tables.dice.ammo"); err != nil {
				return referee.Die{}, fmt.Errorf("tables: remembering dice.ammo: %w", err)
			}
		}
		r, _ = env.Tables.Lookup("dice", "ammo")
		if _, err := ParseAmmoFaces(r.Value); err != nil {
			return referee.Die{}, err
		}
	}
	return referee.LoadDie(env.Tables, env.Prompt, AmmoDieInfo)
}

func (s *step) attack() error {
	p := s.st.cur()
	pi := s.st.curIndex()
	if err := actionRefusal(s.st, "attack"); err != nil {
		return err
	}
	targets := enemyTargets(s.st, pi)
	// No default: which ship shares the space is the table's to say (a
	// single target is taken without asking at a terminal).
	target, err := referee.Choose(s.env.Prompt, "qc.attack.target", "the enemy ship in your space to attack", referee.NoDefault, targets...)
	if err != nil {
		return err
	}
	maxFire := min(p.GunsReady, p.Ammo)
	// Firing every Cannon the Ammo allows is the usual answer (Valkyr
	// "chooses to fire all three"); with one possible number, nothing is
	// asked.
	n, err := askNumber(s.env.Prompt, referee.Question{Key: "qc.attack.cannons", Text: fmt.Sprintf("how many Cannons to fire (%d Ready, %d Ammo)", p.GunsReady, p.Ammo), Min: 1, Max: maxFire, Default: strconv.Itoa(maxFire)})
	if err != nil {
		return err
	}
	die, err := AmmoDie(s.env)
	if err != nil {
		return err
	}
	rolls, err := s.env.Dice.RollN("qc.attack.ammo", die, n)
	if err != nil {
		return err
	}
	vals := referee.Values(rolls)
	luckDie := 0
	if canLuck(p) {
		// Enter takes 0: Dwunny Luck costs a Loot card, and the table says
		// when it is used.
		if luckDie, err = askNumber(s.env.Prompt, referee.Question{Key: "qc.attack.luck", Text: fmt.Sprintf("rolled %v: Dwunny Luck (discard a Loot card) on which die (1-%d), 0 for none", vals, n), Min: 0, Max: n, Default: "0"}); err != nil {
			return err
		}
	}
	res := ResolveAttack(vals, luckDie)
	p.Actions--
	p.GunsReady -= n
	p.Ammo -= n
	if luckDie > 0 {
		p.Loot--
		p.LuckUsed = true
	}
	cites := []string{CiteAttack}
	if luckDie > 0 {
		cites = append(cites, CiteChampionAbility)
	}
	s.env.Emit(referee.Event{Type: "attack", Text: fmt.Sprintf("%s fires %s at %s: %s", p.Name, referee.Count(n, "Cannon"), shipLabel(s.st, target), res.Text()),
		Data: map[string]any{"attacker": p.Name, "target": target, "cannons": n, "result": res, "faces": faceValues(die)}, Cites: cites})
	if res.Damage > 0 {
		s.gainProsperity(p.Team, 1, p.Name+" dealt damage", CiteAttack)
	}
	return s.dealDamage(target, res.Damage, pi)
}

// AttackResult is one resolved attack.
type AttackResult struct {
	Rolled []int `json:"rolled"`
	Dice   []int `json:"dice"` // after Dwunny Luck
	Luck   int   `json:"luck_die,omitempty"`
	Dots   int   `json:"dots"`
	Damage int   `json:"damage"`
	Gain   int   `json:"prosperity"` // +1 when any damage is dealt
}

// ResolveAttack counts the dots (luckDie, 1-based, turned into a 6 by Dwunny
// Luck) and deals 1 damage for every 4 dots; any damage gains 1 Prosperity.
func ResolveAttack(vals []int, luckDie int) AttackResult {
	r := AttackResult{Rolled: append([]int(nil), vals...), Dice: append([]int(nil), vals...), Luck: luckDie}
	if luckDie >= 1 && luckDie <= len(vals) {
		r.Dice[luckDie-1] = 6
	}
	r.Dots = Dots(r.Dice)
	r.Damage = DamageFromDots(r.Dots)
	if r.Damage > 0 {
		r.Gain = 1
	}
	return r
}

// Text renders the attack result.
func (r AttackResult) Text() string {
	faces := make([]string, len(r.Rolled))
	for i, n := range r.Rolled {
		faces[i] = strconv.Itoa(n)
	}
	s := "rolled " + strings.Join(faces, ", ")
	if r.Luck > 0 {
		s += fmt.Sprintf(", die %d -> 6 (Dwunny Luck)", r.Luck)
	}
	s += fmt.Sprintf(": %s, %d damage", referee.Count(r.Dots, "dot"), r.Damage)
	if r.Gain > 0 {
		s += ", +1 Prosperity"
	}
	return s
}

// faceValues lists a die's face values: the attack events carry those of
// the Ammo Die, so that the game chronicle (bosun report) computes the
// exact odds of a roll with the table's own die.
func faceValues(d referee.Die) []int {
	out := make([]int, len(d.Faces))
	for i, f := range d.Faces {
		out[i] = f.Value
	}
	return out
}
