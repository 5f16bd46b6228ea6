package procedure

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	mw "github.com/bosun-referee/bosun/games/mistywaters"
	"github.com/bosun-referee/bosun/games/mistywaters/odds"
	"github.com/bosun-referee/bosun/referee"
)

// Battle types.
const (
	Broadside = string(mw.Broadside)
	Boarding  = string(mw.Boarding)
)

// Side is one side of a battle: an NPC bosun tracks (its damage state is
// in the session), or a unit of a player whose board the table described.
type Side struct {
	ID     string  `json:"id"`               // NPC id, a player's name, NAME-fort, NAME-militia or temple
	NPC    bool    `json:"npc,omitempty"`    // tracked by bosun (NPCs and the Last Day Temple)
	Player string  `json:"player,omitempty"` // the owner of a player's unit
	Unit   mw.Unit `json:"unit"`
	// Spec is the unit spec a player's unit was described with.
	Spec string `json:"-"`
}

// Battle is a battle the procedure resolves.
type Battle struct {
	// Key is misty.battle.ATTACKER.DEFENDER: the prefix of the battle's
	// dice keys (KEY.attack.roll, KEY.counter.roll, KEY.clash1.attacker.roll...).
	Key      string        `json:"key"`
	Type     mw.BattleType `json:"type"`
	Attacker Side          `json:"attacker"`
	Defender Side          `json:"defender"`
	Options  mw.Options    `json:"-"`
	Cites    []string      `json:"-"`
}

// Result is a resolved battle, whatever its type.
type Result struct {
	Type          mw.BattleType `json:"type"`
	AttackerAfter mw.Unit       `json:"attacker_after"`
	DefenderAfter mw.Unit       `json:"defender_after"`
	ToAttacker    mw.Damage     `json:"to_attacker"`
	ToDefender    mw.Damage     `json:"to_defender"`
	Attack        *mw.Volley    `json:"attack,omitempty"`  // Broadside
	Counter       *mw.Volley    `json:"counter,omitempty"` // Broadside
	NoCounterWhy  string        `json:"no_counter_why,omitempty"`
	Rounds        []mw.Round    `json:"rounds,omitempty"` // Boarding
	Outcome       mw.Outcome    `json:"outcome"`
	Steps         []mw.Step     `json:"steps,omitempty"`
	Cites         []string      `json:"cites"`
}

// Battles resolves battles for the procedure. The default, EngineBattles,
// is the battle engine of package mistywaters; tests may plug their own.
type Battles interface {
	Resolve(env *referee.Env, b Battle) (*Result, error)
}

// EngineBattles resolves every battle with the battle engine of package
// mistywaters, rolling with the session's dice (virtual with the seed, or
// entered under the battle's keys).
type EngineBattles struct{}

// Resolve implements Battles.
func (EngineBattles) Resolve(env *referee.Env, b Battle) (*Result, error) {
	roller := KeyedRoller{Prefix: b.Key, R: mw.RefereeRoller{D: env.Dice}}
	switch b.Type {
	case mw.Broadside:
		res, err := mw.ResolveBroadside(mw.BroadsideInput{Attacker: b.Attacker.Unit, Defender: b.Defender.Unit, Options: b.Options}, roller)
		if err != nil {
			return nil, err
		}
		out := &Result{Type: mw.Broadside, AttackerAfter: res.AttackerAfter, DefenderAfter: res.DefenderAfter, ToDefender: res.Attack.Damage,
			Attack: &res.Attack, Counter: res.Counter, NoCounterWhy: res.NoCounterWhy, Outcome: res.Outcome, Steps: res.Steps, Cites: res.Cites}
		if res.Counter != nil {
			out.ToAttacker = res.Counter.Damage
		}
		return out, nil
	case mw.Boarding:
		res, err := mw.ResolveBoarding(mw.BoardingInput{Attacker: b.Attacker.Unit, Defender: b.Defender.Unit, Options: b.Options}, roller)
		if err != nil {
			return nil, err
		}
		return &Result{Type: mw.Boarding, AttackerAfter: res.AttackerAfter, DefenderAfter: res.DefenderAfter, ToAttacker: res.ToAttacker, ToDefender: res.ToDefender,
			Rounds: res.Rounds, Outcome: res.Outcome, Steps: res.Steps, Cites: res.Cites}, nil
	}
	return nil, referee.Usagef("mistywaters: battle type %q is not broadside or boarding", b.Type)
}

// KeyedRoller gives the engine's roll keys (misty.broadside.attack.roll,
// misty.boarding.clash1.defender.roll, ...) the battle's own prefix, so
// that the dice of each battle of a session can be entered by key:
// misty.battle.pirate-1.Ann.attack.roll, misty.battle.Ann.galleass.clash1.attacker.roll.
type KeyedRoller struct {
	Prefix string
	R      mw.Roller
}

// Roll implements mistywaters.Roller.
func (k KeyedRoller) Roll(key string, n int) ([]int, error) {
	for _, p := range []string{"misty.broadside.", "misty.boarding."} {
		if strings.HasPrefix(key, p) {
			key = k.Prefix + "." + strings.TrimPrefix(key, p)
			break
		}
	}
	return k.R.Roll(key, n)
}

// windBoxes reads the Wind Force boxes of the engine's effects from the
// procedure's own board table (mwp-wind-force, keys misty.board.wind.box.*),
// so each board value is asked once for the whole session.
type windBoxes struct{ r *step }

func (w windBoxes) Box(effect string) (int, error) { return w.r.effectBox(effect) }

// battleOptions are the engine options of the session's rules.
func (r *step) battleOptions() mw.Options {
	st := r.st
	o := mw.Options{
		// The engine's 'Advanced Rules' switch covers the Temple, Pirate Ship
		// boarding and the Militia; the procedure refuses the parts that are off.
		Advanced:   st.Opt.adv("temple") || st.Opt.adv("pirate-boarding") || st.Opt.adv("militia"),
		Simplified: st.Opt.vari("simplified"),
		TeamMode:   st.Opt.vari("team"),
		Wind:       st.Wind,
		Boxes:      windBoxes{r},
		// npc-second-row: how an NPC places its second-row dice.
		NPCStackSecondRow: st.Opt.NPCStack,
	}
	mw.MonsterHitsFromTable(r.env.Tables, &o)
	return o
}

// npcSide describes a tracked NPC as a battle side.
func (r *step) npcSide(n *NPC) Side {
	u := mw.Unit{Name: n.ID, Location: mw.AtSea}
	switch n.Kind {
	case KindPirate:
		u.Kind, u.Damaged = mw.KindPirate, n.Damage > 0
	case KindCaravel:
		u.Kind, u.Damaged = mw.KindCaravel, n.Damage > 0
	case KindGalleass:
		u.Kind, u.Sailors = mw.KindGalleass, n.Sailors
		if n.Lagoon {
			// "The Red Water Lagoon is not considered At Sea": the
			// Galleass on a red space (or by the 'X') is not At Sea.
			u.Location = mw.Lagoon
		}
	case KindFreighter:
		u.Kind = mw.KindFreighter
	case KindBattery:
		u.Kind, u.Location = mw.KindBattery, mw.Land
	case KindMonster:
		u.Kind, u.Monster = mw.KindMonster, n.Monster
	case KindDutchman:
		u.Kind = mw.KindDutchman
	}
	return Side{ID: n.ID, NPC: true, Unit: u}
}

func (r *step) templeSide() Side {
	return Side{ID: "temple", NPC: true, Unit: mw.Unit{Kind: mw.KindTemple, Name: "Last Day Temple", Location: mw.Land, Damaged: r.st.TempleDamage > 0}}
}

// Unit spec keys: the players' boards are not tracked, so each battle asks
// for the fighting unit's board as one compact spec (see docs/misty-session.md).
const (
	shipSpecHelp    = "a unit spec such as brig:cannons=3,sailors=2,gunner (keys: cannons, sailors, captain, gunner, fencing [=fc], xp=N, at=sea|docks|base|tavern|lagoon|..., cargo=treasure; galleass:sailors=N for a Galleass you sail; see docs/misty-session.md)"
	fortSpecHelp    = "fort, or fort:damaged when it has a Damage Marker"
	militiaSpecHelp = "militia:sailors=N (at most 2)"
)

// playerSide asks for the board of a player's unit: what is the ship
// (misty.ship.NAME), the Fort (misty.fort.NAME) or the Militia
// (misty.militia.NAME) that fights.
func (r *step) playerSide(name, what string) (Side, error) {
	return r.playerShip(name, what, "", nil, nil)
}

// unitRule is a rule of the step about one unit spec (the ship already
// attacked this turn, the battle it could fight, the ship already named
// as a target): it refuses inside the spec's question, so a terminal
// re-asks in place and nothing later in the step refuses the spec.
type unitRule func(u mw.Unit) error

// playerShip is playerSide for a ship that must be of one type (wantShip,
// a fleet code: the target was named NAME-TYPE); "" accepts any ship of
// the player's fleet. facing is the defender when the unit attacks it (nil
// for a defender): a spec naming no space puts the ship where it attacks
// from (mw.ParseAttacker: by the 'X' against the Last Day Temple).
func (r *step) playerShip(name, what, wantShip string, rule unitRule, facing *mw.Unit) (Side, error) {
	st := r.st
	p := st.player(name)
	if p == nil {
		return Side{}, referee.Usagef("mistywaters: %q is not a player (players: %s)", name, strings.Join(st.playerNames(), ", "))
	}
	key, text, where, id := "misty.ship."+name, name+": describe your Player Ship in this battle as a unit spec", name+"'s ship board", name
	switch what {
	case "fort":
		key, text, where, id = "misty.fort."+name, name+": your Fort in this battle", "the Fort token on "+name+"'s Captured Island", name+"-fort"
	case "militia":
		key, text, where, id = "misty.militia."+name, name+": your Plantation with a Militia in this battle", "the Plantation token on "+name+"'s Captured Island", name+"-militia"
	}
	accepted := map[string]string{"ship": shipSpecHelp, "fort": fortSpecHelp, "militia": militiaSpecHelp}[what]
	if what == "ship" {
		text += fmt.Sprintf(" (%s's ships afloat as bosun knows them: %s)", name, fleetText(p.Fleet))
		if wantShip != "" {
			text += "; the ship named: the " + shipTitle(wantShip)
		}
		if templeAttack(facing) {
			text += "; it attacks the Last Day Temple from the Adjacent Space to the 'X' in the Red Water Lagoon (not At Sea) unless the spec gives at="
		}
	}
	// The spec is parsed and checked inside the question (Check), so a
	// typo at the terminal is re-asked in place instead of ending the step.
	// Inside the question (check) the fleet is only read (shipRefusal):
	// a ship bosun has not seen joins the fleet, or the fleet is asked,
	// only after the answer is accepted (checkShip).
	side := func(a string, check bool) (Side, error) {
		u, err := mw.ParseUnit(a)
		if err == nil && facing != nil {
			u, err = mw.ParseAttacker(a, *facing)
		}
		if err != nil {
			return Side{}, err
		}
		ok := false
		switch what {
		case "ship":
			ok = u.Kind == mw.KindShip || u.Kind == mw.KindGalleass
		case "fort":
			ok = u.Kind == mw.KindFort
		case "militia":
			ok = u.Kind == mw.KindMilitia
		}
		if !ok {
			want := map[string]string{"ship": shipSpecHelp, "fort": fortSpecHelp, "militia": militiaSpecHelp}[what]
			return Side{}, referee.Usagef("mistywaters: %s=%q is a %s, not a %s; accepted: %s", key, a, u.Kind.Title(), what, want)
		}
		u.Owner = name
		if t := st.team(name); t > 0 {
			u.Team = fmt.Sprint(t)
		}
		if u.Name == "" {
			u.Name = name + "'s " + u.Label()
		}
		if u.Kind == mw.KindShip && p.Defeats > u.PriorDefeats {
			u.PriorDefeats = p.Defeats // bosun counts the defeats it resolved
		}
		if what == "ship" {
			refuse := r.checkShip
			if check {
				refuse = func(p *PlayerState, u mw.Unit, key, answer, want string) error {
					return shipRefusal(p, u, key, answer, want)
				}
			}
			if err := refuse(p, u, key, a, wantShip); err != nil {
				return Side{}, err
			}
			// The engine judges Unite into the Fleet and the bail-out Sloop by
			// the fleet: bosun's tracked fleet unless the spec gives it.
			if u.Fleet == 0 {
				u.Fleet = len(p.Fleet)
			}
			if len(u.FleetTypes) == 0 {
				for _, f := range p.Fleet {
					if f != unitCode(u) {
						u.FleetTypes = append(u.FleetTypes, shipType(f))
					}
				}
			}
		}
		if err := u.Validate(mw.TableLimits{Set: r.env.Tables}); err != nil {
			return Side{}, err
		}
		if rule != nil {
			if err := rule(u); err != nil {
				// The refusal names the question and the answer it refuses.
				if msg, cites, ok := refusal(err); ok {
					return Side{}, referee.RuleError(cites, "mistywaters: %s=%q: %s", key, a, msg)
				}
				return Side{}, err
			}
		}
		if st.Opt.vari("simplified") && (u.Captain == mw.FirstClass || u.Gunner == mw.FirstClass || u.FencingMaster == mw.FirstClass) {
			// Simplified Variant: "Recruiting: First-Class Officers are not used."
			return Side{}, referee.RuleError([]string{citeSimplified}, "mistywaters: %s=%q: First-Class Officers are not used in the Simplified Variant (Recruiting); give captain, gunner or fencing without =fc", key, a)
		}
		return Side{ID: id, Player: name, Unit: u, Spec: a}, nil
	}
	// A unit's board changes little from battle to battle: the spec given
	// last in this session is the default, with what bosun removed since
	// (the ship's board after its last battle), without Experience Tokens
	// (declared tokens are returned after each battle); a spec the
	// question refuses (a ship that already attacked) is no default.
	q := referee.Question{Key: key, Kind: referee.KindText, Text: text, Where: where, Accepted: accepted,
		Check: func(a string) (string, error) {
			_, err := side(a, true)
			return a, err
		}}
	q = referee.Sticky(r.s, r.env, q)
	var drop []string
	if templeAttack(facing) {
		// Wherever the ship's last battle was, it attacks the Temple from
		// the lagoon: the default names no space (a last spec At Sea,
		// refused under Rocky Seas, would leave no default at all).
		drop = placeKeys
		if v, ok := referee.LastAnswer(r.s, r.env, key); ok {
			if v = withoutKeys(v, drop); validAnswer(q, v) {
				q.Default = v
			}
		}
	}
	switch what {
	case "ship":
		q.Default = r.shipDefault(p, q, wantShip, drop)
	default: // the Fort or Militia as bosun left it after its last battle
		if b, ok := p.Boards[what]; ok {
			if _, err := q.Normalize(b); err == nil {
				q.Default = b
			}
		}
	}
	a, err := r.ask(q)
	if err != nil {
		return Side{}, err
	}
	return side(a, false)
}

// shipDefault is the default of a ship's spec question: the board bosun
// knows for the ship (wantShip, else the ship of the spec given last), else
// the spec given last, without Experience Tokens and the keys drop; ""
// when the question refuses it.
func (r *step) shipDefault(p *PlayerState, q referee.Question, wantShip string, drop []string) string {
	code := wantShip
	if code == "" && q.Default != "" {
		if u, err := mw.ParseUnit(q.Default); err == nil {
			u.Owner = p.Name
			code = unitCode(u)
		}
	}
	def := withoutKeys(q.Default, append(append([]string(nil), xpKeys...), drop...))
	if code != "" && len(p.Fleet) > 0 && !slices.Contains(p.Fleet, code) {
		// The ship of the spec given last is no longer afloat (Lost, seized,
		// taken): Enter must not bring it back. The one ship afloat, as
		// bosun left it, is the default; with two, none.
		code, def = "", ""
		if len(p.Fleet) == 1 {
			code = p.Fleet[0]
		}
	}
	if b, ok := p.Boards[code]; ok && code != "" {
		def = b
		if len(drop) > 0 {
			def = withoutKeys(b, drop)
		}
	}
	if def == "" {
		return ""
	}
	if _, err := q.Normalize(def); err != nil {
		return ""
	}
	return def
}

// validAnswer reports whether q accepts v.
func validAnswer(q referee.Question, v string) bool {
	_, err := q.Normalize(v)
	return err == nil
}

// templeAttack reports whether the unit asked for attacks the Last Day
// Temple.
func templeAttack(facing *mw.Unit) bool { return facing != nil && facing.Kind == mw.KindTemple }

var (
	// placeKeys name the space a unit is stopped at.
	placeKeys   = []string{"at", "location", "loc", "fort", "docks-fort", "blocked"}
	xpKeys      = []string{"xp"}
	captainKeys = []string{"captain", "fc-captain"}
	gunnerKeys  = []string{"gunner", "fc-gunner"}
	fencingKeys = []string{"fencing", "fencing-master", "fm", "fc-fencing", "fc-fm"}
	// countKeys are the keys bosun writes itself after a battle (Cannons,
	// Sailors, its own count of defeats), and those of one battle only
	// (the Experience Tokens declared, a shore party).
	countKeys = []string{"cannons", "c", "sailors", "s", "xp", "defeats", "prior-defeats", "shore"}
)

// withoutKeys drops the items of a unit spec whose key is one of keys.
func withoutKeys(spec string, keys []string) string {
	kind, rest, ok := strings.Cut(spec, ":")
	if !ok {
		return spec
	}
	var items []string
	for _, it := range strings.Split(rest, ",") {
		k, _, _ := strings.Cut(strings.TrimSpace(it), "=")
		if strings.TrimSpace(it) == "" || slices.Contains(keys, strings.ToLower(strings.TrimSpace(k))) {
			continue
		}
		items = append(items, strings.TrimSpace(it))
	}
	if len(items) == 0 {
		return kind
	}
	return kind + ":" + strings.Join(items, ",")
}

// boardAfter is a ship's spec after a battle: the spec given, with the
// Cannons and Sailors it has now, without the Officers it lost and without
// what held for that battle only (Experience Tokens, a shore party).
func boardAfter(spec string, after mw.Unit) string {
	drop := append([]string(nil), countKeys...)
	if after.Captain == mw.NoOfficer {
		drop = append(drop, captainKeys...)
	}
	if after.Gunner == mw.NoOfficer {
		drop = append(drop, gunnerKeys...)
	}
	if after.FencingMaster == mw.NoOfficer {
		drop = append(drop, fencingKeys...)
	}
	kind, _, _ := strings.Cut(withoutKeys(spec, drop), ":")
	rest := strings.TrimPrefix(withoutKeys(spec, drop), kind)
	rest = strings.TrimPrefix(rest, ":")
	counts := fmt.Sprintf("cannons=%d,sailors=%d", after.Cannons, after.Sailors)
	if after.Kind == mw.KindGalleass {
		counts = fmt.Sprintf("sailors=%d", after.Sailors)
	}
	if rest == "" {
		return kind + ":" + counts
	}
	return kind + ":" + counts + "," + rest
}

// rememberBoard keeps a player's ship's board after a battle (the next
// spec question's default); a ship defeated has none.
func (r *step) rememberBoard(s Side, after mw.Unit, defeated bool) {
	p := r.st.player(s.Player)
	code := unitCode(s.Unit)
	if p == nil || code == "" {
		return
	}
	if defeated {
		delete(p.Boards, code)
		return
	}
	spec := s.Spec
	u, err := mw.ParseUnit(spec)
	if err != nil {
		return
	}
	u.Owner = s.Player
	if unitCode(u) != code {
		return
	}
	if p.Boards == nil {
		p.Boards = map[string]string{}
	}
	p.Boards[code] = boardAfter(spec, after)
}

// setBoard keeps (spec "" forgets) what bosun knows of a player's unit
// after a battle: the default of its next spec question.
func (r *step) setBoard(p *PlayerState, unit, spec string) {
	if p == nil {
		return
	}
	if spec == "" {
		delete(p.Boards, unit)
		return
	}
	if p.Boards == nil {
		p.Boards = map[string]string{}
	}
	p.Boards[unit] = spec
}

// candidate resolves a target named in a targets list: a player's name (a
// Player Ship), NAME-fort, or an NPC id.
func (r *step) candidate(t string) (Side, error) {
	return r.candidateRule(t, nil)
}

// candidateRule is candidate with a rule about the Player Ship's spec
// (see unitRule); Forts, Militias and NPCs are not checked by it.
func (r *step) candidateRule(t string, rule unitRule) (Side, error) {
	st := r.st
	switch {
	case st.npc(t) != nil:
		return r.npcSide(st.npc(t)), nil
	case t == "temple":
		return r.templeSide(), nil
	case strings.HasSuffix(t, "-fort") && st.player(strings.TrimSuffix(t, "-fort")) != nil:
		return r.playerSide(strings.TrimSuffix(t, "-fort"), "fort")
	case strings.HasSuffix(t, "-militia") && st.player(strings.TrimSuffix(t, "-militia")) != nil:
		return r.playerSide(strings.TrimSuffix(t, "-militia"), "militia")
	}
	if p, k, ok := st.splitShipTarget(t); ok {
		return r.playerShip(p.Name, "ship", k.Code, rule, nil)
	}
	return r.playerShip(t, "ship", "", rule, nil)
}

// refusal returns the cites and message of a rule refusal.
func refusal(err error) (string, []string, bool) {
	var ue *referee.UsageError
	if errors.As(err, &ue) && len(ue.Cites) > 0 {
		return strings.TrimPrefix(ue.Msg, "mistywaters: "), ue.Cites, true
	}
	return "", nil, false
}

// fight resolves a battle with the engine, reports it and applies its
// results: the tracked NPCs' damage, defeats and removals, and what the
// players change on the board.
func (r *step) fight(b Battle) (*Result, error) {
	if b.Options.Boxes == nil {
		b.Options = r.battleOptions()
	}
	res, err := r.g.battles().Resolve(r.env, b)
	if err != nil {
		return nil, err
	}
	lines := []string{fmt.Sprintf("%s %s %s by %s Battle", b.Attacker.Unit.Label(), map[bool]string{true: "boards", false: "attacks"}[b.Type == mw.Boarding], b.Defender.Unit.Label(), titleType(b.Type))}
	if res.Attack != nil {
		lines = append(lines, volleyText("attack", res.Attack))
		if res.Counter != nil {
			lines = append(lines, volleyText("counterattack", res.Counter))
		} else if res.NoCounterWhy != "" {
			lines = append(lines, "no counterattack: "+res.NoCounterWhy)
		}
	}
	for _, rd := range res.Rounds {
		lines = append(lines, roundText(rd))
	}
	if len(res.Outcome.Defeated) == 0 {
		lines = append(lines, "neither side is defeated")
	}
	cites := append([]string{citeBattles, citeEndOfBattle}, b.Cites...)
	cites = append(cites, res.Cites...)
	if lines[0] == r.last && len(lines) > 1 {
		lines = lines[1:] // announced just before: say it once
	}
	data := map[string]any{"battle": b, "result": res}
	if od := battleOdds(b, res); od != nil {
		data["odds"] = od
	}
	r.emit("battle", strings.Join(lines, "; "), data, uniqStrings(cites)...)
	// "All declared Experience Tokens must be returned to the supply
	// whether they were used or not."
	for _, sd := range []Side{b.Attacker, b.Defender} {
		if n := declaredXP(sd.Unit, b.Type); sd.Player != "" && n > 0 {
			r.emit("battle", fmt.Sprintf("%s: return the %s declared to the supply, whether %s used or not", sd.Player, referee.Count(n, "Experience Token"), referee.Noun(n, "it was", "they were")),
				map[string]any{"player": sd.Player, "xp_returned": n}, mw.CiteXPRerolls)
		}
	}
	r.applySide(b, b.Attacker, b.Defender, res.AttackerAfter, res.ToAttacker, res)
	r.applySide(b, b.Defender, b.Attacker, res.DefenderAfter, res.ToDefender, res)
	if err := r.rewards(b, res); err != nil {
		return nil, err
	}
	return res, nil
}

// declaredXP is the number of Experience Tokens a unit declared for its
// rolls in a battle: a Broadside has one roll, a Boarding Battle one per
// clash and tie re-roll.
func declaredXP(u mw.Unit, t mw.BattleType) int {
	if t == mw.Broadside || len(u.XPRolls) == 0 {
		return u.XPFor(0)
	}
	n := 0
	for _, x := range u.XPRolls {
		n += x
	}
	return n
}

func titleType(t mw.BattleType) string {
	if t == mw.Boarding {
		return "Boarding"
	}
	return "Broadside"
}

func volleyText(what string, v *mw.Volley) string {
	if v.CardDamage != "" {
		return fmt.Sprintf("%s: %s", what, v.CardDamage)
	}
	s := fmt.Sprintf("%s: %s rolled %s", what, referee.Count(v.Dice, "die", "dice"), diceText(v.Rolled))
	if len(v.Rerolls) > 0 {
		s += fmt.Sprintf(", after re-rolls %s", diceText(v.Final))
	}
	return s + fmt.Sprintf(" (%s, %s, %s)", referee.Count(v.HullHits+v.Disables, "Hull Hit"), referee.Count(v.CrewHits, "Deck Crew Hit"), referee.Count(v.Misses, "miss"))
}

// diceText lists die faces as a table says them: "6, 4, 1".
func diceText(faces []int) string {
	v := make([]string, len(faces))
	for i, n := range faces {
		v[i] = strconv.Itoa(n)
	}
	return strings.Join(v, ", ")
}

func roundText(rd mw.Round) string {
	what := fmt.Sprintf("clash %d", rd.Clash)
	if rd.Tie {
		what += " tie re-roll"
	}
	npc := ""
	if rd.NPCSecondRow != "" {
		// The reading changes the duels: say which placed the NPC's dice.
		npc = fmt.Sprintf(" (the NPC's second-row dice behind duels %s, npc-second-row=%s)", intsText(rd.Placement), rd.NPCSecondRow)
	}
	return fmt.Sprintf("%s: attacker %s vs defender %s%s, attacker loses %s, defender %d", what, diceText(rd.AttackerRoll), diceText(rd.DefenderRoll), npc, referee.Count(rd.AttackerLost, "die", "dice"), rd.DefenderLost)
}

func intsText(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// applySide applies a battle's damage to one side.
func (r *step) applySide(b Battle, s, opp Side, after mw.Unit, d mw.Damage, res *Result) {
	st := r.st
	cites := []string{citeEndOfBattle}
	switch {
	case s.ID == "temple":
		if d.Defeated {
			st.Temple = false
			st.TempleDamage = 0
			r.emit("npc", "The Last Day Temple is defeated: remove its token; the walls are open and the 'X' can be reached", map[string]any{"npc": "temple", "defeated": true}, citeLastDayTemple, citeEndOfBattle)
		} else if d.Markers > 0 {
			st.TempleDamage = 1
			r.emit("npc", "The Last Day Temple takes a Damage Marker", map[string]any{"npc": "temple", "damage": 1}, citeLastDayTemple, citeEndOfBattle)
		}
	case s.NPC:
		n := st.npc(s.ID)
		if n == nil {
			return
		}
		if d.Defeated {
			gone := *n // removeNPC shifts the slice under n
			n = &gone
			treasure := n.Treasure
			st.removeNPC(n.ID)
			r.emit("npc", fmt.Sprintf("%s is defeated: remove it from the map", n.ID), map[string]any{"npc": n.ID, "defeated": true}, cites...)
			if n.Kind == KindGalleass && treasure {
				if b.Type == mw.Boarding && opp.Player != "" && opp.Unit.Kind == mw.KindShip {
					st.Treasure = "player:" + opp.Player
					r.emit("treasure", fmt.Sprintf("%s places the Conquistadors' Treasure in the Cargo Hold of %s (a Transshipment to make room is always allowed): bring it to your own Base to win", opp.Player, opp.Unit.Label()),
						map[string]any{"player": opp.Player, "treasure": st.Treasure}, citeVictoryTreasure, citeEndOfBattle)
				} else {
					r.treasureRemoved("it sank with the Conquistadors' Galleass")
				}
			}
			return
		}
		switch {
		case n.Kind == KindGalleass && d.Sailors > 0:
			n.Sailors = after.Sailors
			r.emit("npc", fmt.Sprintf("the Conquistadors' Galleass loses %s: %d %s on its ship board", referee.Count(d.Sailors, "Sailor"), n.Sailors, referee.Noun(n.Sailors, "remains", "remain")), map[string]any{"npc": n.ID, "sailors": n.Sailors}, cites...)
		case d.Markers > 0 && after.Damaged && n.Damage == 0:
			n.Damage = 1
			r.emit("npc", fmt.Sprintf("%s takes a Damage Marker (flip it to its damaged side)", n.ID), map[string]any{"npc": n.ID, "damage": 1}, cites...)
		}
	default: // a player's unit
		p := st.player(s.Player)
		switch s.Unit.Kind {
		case mw.KindFort:
			if d.Defeated {
				r.emit("battle", fmt.Sprintf("%s: your Fort is defeated: remove the Fort token from the map (any player can build it again)", s.Player), map[string]any{"player": s.Player, "fort": "defeated"}, mw.CiteDefeatedForts)
				r.setBoard(p, "fort", "")
			} else if d.Markers > 0 {
				r.emit("battle", fmt.Sprintf("%s: your Fort takes a Damage Marker (flip it to its damaged side)", s.Player), map[string]any{"player": s.Player, "fort": "damaged"}, mw.CiteDefeatedForts)
				r.setBoard(p, "fort", "fort:damaged")
			}
		case mw.KindMilitia:
			if d.Sailors > 0 {
				text := fmt.Sprintf("%s: remove %s from your Plantation's Militia", s.Player, referee.Count(d.Sailors, "Sailor"))
				if d.Defeated {
					text += "; the Militia is defeated (the Plantation stays; the island can be re-Captured)"
					r.setBoard(p, "militia", "")
				} else {
					r.setBoard(p, "militia", fmt.Sprintf("militia:sailors=%d", after.Sailors))
				}
				r.emit("battle", text, map[string]any{"player": s.Player, "militia_lost": d.Sailors}, mw.CiteDefeatedMilitia)
			}
		default:
			dealt := dealtBy(b, opp)
			if what := d.Removals(); what != "" {
				r.emit("battle", fmt.Sprintf("%s: remove %s from %s's board (it now has %s, %s)", s.Player, what, s.Unit.Label(), referee.Count(after.Cannons, "Cannon"), referee.Count(after.Sailors, "Sailor")),
					map[string]any{"player": s.Player, "damage": d, "after": after}, append(dealt, mw.CiteDeckCrewRemoval)...)
			}
			for _, n := range d.Notes {
				r.emit("battle", fmt.Sprintf("%s: %s", s.Player, n), nil, dealt...)
			}
			r.rememberBoard(s, after, d.Defeated)
			if d.Defeated && p != nil {
				p.Defeats++
			}
		}
	}
}

// dealtBy is the rule that dealt a Player Ship's loss in battle b whose
// opponent is opp: the duels of a Boarding Battle, the Sea Adventure
// Card of a Sea Monster (it rolls no dice), else the Broadside dice.
func dealtBy(b Battle, opp Side) []string {
	switch {
	case b.Type == mw.Boarding:
		return []string{mw.CiteDuelResults}
	case opp.Unit.Kind == mw.KindMonster:
		return []string{mw.CiteMonsterAttack}
	}
	return []string{mw.CiteDiceResult}
}

// lostCite is the section that says what becomes of a Player Ship
// defeated in a battle of type t.
func lostCite(t mw.BattleType) string {
	if t == mw.Boarding {
		return mw.CiteLostBoarding
	}
	return mw.CiteLostBroadside
}

// rewards reports the end of battle to the players: rewards, the defeated
// Player Ship, what may be seized, the victor's choice after boarding.
func (r *step) rewards(b Battle, res *Result) error {
	st := r.st
	o := res.Outcome
	for _, rw := range o.Rewards {
		var got []string
		if rw.Silver > 0 {
			got = append(got, referee.Count(rw.Silver, "Silver Coin"))
		}
		if rw.XP > 0 {
			got = append(got, referee.Count(rw.XP, "Experience Token"))
		}
		if rw.Trophy != "" {
			got = append(got, fmt.Sprintf("the %s token as a trophy (%s at Viceroy Voting)", rw.Trophy, referee.Count(rw.Votes, "Vote")))
			if p := st.player(rw.Player); p != nil {
				p.Trophies = append(p.Trophies, rw.Trophy)
			}
		}
		got = append(got, rw.Items...)
		r.emit("battle", fmt.Sprintf("%s receives %s (%s)", rw.Player, strings.Join(got, ", "), rw.Why), map[string]any{"player": rw.Player, "reward": rw}, mw.CiteRewards, citeEndOfBattle)
	}
	if pd := o.PlayerDefeat; pd != nil {
		loser := b.Defender
		if len(o.Defeated) > 0 && o.Defeated[0] == "attacker" {
			loser = b.Attacker
		}
		parts := defeatParts(pd, loser.Unit.Label())
		r.emit("battle", fmt.Sprintf("%s: %s", pd.Player, strings.Join(parts, "; ")), map[string]any{"player": pd.Player, "defeat": pd}, mw.CiteDefeatedPlayer, lostCite(b.Type))
		if pd.Lost {
			winner := b.Attacker
			if loser.ID == b.Attacker.ID {
				winner = b.Defender
			}
			r.loseShip(st.player(pd.Player), unitCode(loser.Unit), fmt.Sprintf("defeated by %s in a %s Battle", winner.Unit.Label(), titleType(b.Type)), lostCite(b.Type))
		}
		if st.Treasure == "player:"+pd.Player && carriesTreasure(loser.Unit) {
			winner := b.Attacker
			if loser.ID == b.Attacker.ID {
				winner = b.Defender
			}
			if b.Type == mw.Boarding && winner.Player != "" && winner.Unit.Kind == mw.KindShip {
				st.Treasure = "player:" + winner.Player
				r.emit("treasure", fmt.Sprintf("%s seizes the Conquistadors' Treasure from the Cargo Hold", winner.Player), map[string]any{"treasure": st.Treasure}, citeVictoryTreasure, mw.CiteLostBoarding)
			} else {
				r.treasureRemoved(loser.Unit.Label() + " sank with it")
			}
		}
	}
	if s := o.Seize; s != nil {
		text := fmt.Sprintf("%s may seize: %s", s.By, strings.Join(s.May, ", "))
		if len(s.May) == 0 {
			text = s.By + " finds nothing to seize"
		}
		if len(s.Sinks) > 0 {
			text += "; sinks: " + strings.Join(s.Sinks, ", ")
		}
		if s.Note != "" {
			text += " (" + s.Note + ")"
		}
		r.emit("battle", text, map[string]any{"seize": s}, lostCite(b.Type), citeEndOfBattle)
	}
	if len(o.Choices) > 0 {
		winner := b.Attacker
		if o.Winner == "defender" {
			winner = b.Defender
		}
		var opts []string
		var why []string
		for _, c := range o.Choices {
			id := choiceID(c.Name)
			if c.Allowed {
				opts = append(opts, id)
			}
			why = append(why, fmt.Sprintf("%s (%s): %s", id, map[bool]string{true: "allowed", false: "not allowed"}[c.Allowed], c.Why))
		}
		a, err := r.choose("misty.player."+winner.Player+".boarding-choice", fmt.Sprintf("%s: you defeated %s by boarding; choose what to do with it: %s", winner.Player, b.Defender.Unit.Label(), strings.Join(why, "; ")), opts...)
		if err != nil {
			return err
		}
		r.emit("battle", fmt.Sprintf("%s chooses %s for the defeated Player Ship", winner.Player, a), map[string]any{"player": winner.Player, "choice": a}, mw.CiteLostBoarding)
		loser := b.Defender
		if winner.ID == b.Defender.ID {
			loser = b.Attacker
		}
		r.boardingFleets(a, winner, loser)
	}
	for _, n := range o.Notes {
		r.emit("battle", n, nil, citeEndOfBattle)
	}
	return nil
}

// boardingFleets applies the victor's choice after a Boarding Battle won
// over a Player Ship to both fleets: the defeated ship leaves its owner's
// fleet whatever the choice; "Unite into the Fleet" adds it to the victor's
// fleet; "Swap Ships" adds it and removes the victor's original ship.
// Ruling: a 'Prize Ship' (its text is not in the rulebook) is not counted in
// the victor's fleet unless option prize-ship=fleet.
func (r *step) boardingFleets(choice string, winner, loser Side) {
	st := r.st
	lp, wp := st.player(loser.Player), st.player(winner.Player)
	code := unitCode(loser.Unit)
	switch choice {
	case "seize-and-sink":
		r.loseShip(lp, code, "seized and sunk by "+winner.Player+" after a Boarding Battle", citeSeizeAndSink)
	case "unite-into-the-fleet", "unite-fleet":
		r.loseShip(lp, code, "taken into "+winner.Player+"'s fleet after a Boarding Battle", citeUniteFleet)
		r.gainShip(wp, code, "united into the fleet after a Boarding Battle")
	case "swap-ships":
		r.loseShip(lp, code, "taken over by "+winner.Player+" after a Boarding Battle (Swap Ships)", citeSwapShips)
		r.loseShip(wp, unitCode(winner.Unit), "swapped for the defeated ship and removed (Swap Ships)", citeSwapShips)
		r.gainShip(wp, code, "swapped in after a Boarding Battle")
	default:
		r.loseShip(lp, code, "taken by "+winner.Player+" as a Prize Ship after a Boarding Battle", mw.CiteLostBoarding)
		if st.Opt.PrizeFleet {
			r.gainShip(wp, code, "taken as a Prize Ship after a Boarding Battle")
		}
	}
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	case 4:
		return "fourth"
	case 5:
		return "fifth"
	}
	return fmt.Sprintf("%dth", n)
}

func carriesTreasure(u mw.Unit) bool {
	if u.Kind == mw.KindGalleass {
		return true
	}
	for _, c := range u.Cargo {
		if c == "treasure" {
			return true
		}
	}
	return false
}

func choiceID(name string) string {
	return strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(name, " into the ", "-"), " ", "-"))
}

func uniqStrings(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// treasureRemoved records the Conquistadors' Treasure leaving play.
func (r *step) treasureRemoved(why string) {
	st := r.st
	if st.Treasure == TreasureRemoved || st.Treasure == TreasureSold {
		return
	}
	if st.Opt.vari("extended") {
		st.Treasure = TreasureRemoved
		r.emit("endgame", "The Conquistadors' Treasure is removed from play ("+why+"); Extended Variant: this does not end the game", nil, citeExtended)
		return
	}
	st.Treasure = TreasureRemoved
	st.EndAfter = true
	r.emit("endgame", "The Conquistadors' Treasure is removed from play ("+why+"): the game ends at the end of this Round", map[string]any{"treasure": "removed"}, citeVictoryViceroy, citeGalleass)
}

// defeatParts says what 'Defeated Player Ships' gives the player.
func defeatParts(pd *mw.PlayerDefeat, label string) []string {
	var parts []string
	if pd.Lost {
		parts = append(parts, fmt.Sprintf("%s is Lost: remove the ship, its ship board and whatever is left aboard", label))
	}
	if pd.OfficersRemoved {
		parts = append(parts, "all its Officers are removed")
	}
	switch {
	case pd.Silver > 0:
		parts = append(parts, fmt.Sprintf("your first defeated Player Ship: your government sends %s", referee.Count(pd.Silver, "Silver Coin")))
	case pd.SkullRockRemoved:
		parts = append(parts, "your second defeated Player Ship: remove your Skull-Rock")
	case pd.Nth >= 3:
		// "There are no further benefits for additional defeats."
		parts = append(parts, fmt.Sprintf("your %s defeated Player Ship: there are no further benefits for additional defeats", ordinal(pd.Nth)))
	}
	if pd.BailOut != "" {
		parts = append(parts, pd.BailOut)
	}
	return parts
}

// battleOdds is what the game chronicle (bosun report) shows of a battle:
// the exact chances before the dice, with the battle's options (the Wind
// Force of the moment), and the luck percentile of the dice that fell.
// A battle the odds engine does not cover has none.
func battleOdds(b Battle, res *Result) map[string]any {
	switch b.Type {
	case mw.Broadside, mw.Boarding:
	default:
		return nil
	}
	// BattleLuck: the exact chances and percentile without the whole
	// distribution (a large Broadside has tens of thousands of outcomes)
	l, err := odds.BattleLuck(b.Type, b.Attacker.Unit, b.Defender.Unit, b.Options, res.ToAttacker, res.ToDefender)
	if err != nil || l == nil {
		return nil
	}
	return map[string]any{"attacker_defeated": l.AttackerDefeated, "defender_defeated": l.DefenderDefeated,
		"luck": l.Percentile}
}
