package rollingseas

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"gopkg.in/yaml.v3"
)

// The scripted games are checked at rulebook checkpoints: every check below
// recomputes a rule outcome in the test, from the answers file and the
// rulebook text (the rolling-seas.txt line is named next to it), and
// compares it with what the referee did. The golden logs only say that a
// game changed; these say whether it is right.

// queues reads an answers file into one queue of answers per key (a nested
// list is one answer, its items joined with commas, as loadAnswers does).
func queues(t *testing.T, path string) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var node yaml.Node
	if err := yaml.Unmarshal(b, &node); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	m := node.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		switch v.Kind {
		case yaml.ScalarNode:
			out[k.Value] = append(out[k.Value], v.Value)
		case yaml.SequenceNode:
			for _, it := range v.Content {
				if it.Kind == yaml.SequenceNode {
					var parts []string
					for _, x := range it.Content {
						parts = append(parts, x.Value)
					}
					out[k.Value] = append(out[k.Value], strings.Join(parts, ","))
					continue
				}
				out[k.Value] = append(out[k.Value], it.Value)
			}
		}
	}
	return out
}

// cursor pops answers off the queues in the order the game asks for them.
type cursor struct {
	t    *testing.T
	q    map[string][]string
	seen map[string]int // how often each kind of check ran
}

func (c *cursor) pop(key string) string {
	c.t.Helper()
	if len(c.q[key]) == 0 {
		c.t.Fatalf("answers file: no more answers for %s", key)
	}
	v := c.q[key][0]
	c.q[key] = c.q[key][1:]
	return v
}

func (c *cursor) popInt(key string) int {
	c.t.Helper()
	n, err := strconv.Atoi(c.pop(key))
	if err != nil {
		c.t.Fatalf("answers file: %s: %v", key, err)
	}
	return n
}

// last is the final answer queued for key (the end-of-game questions are
// the last ones asked for a player's key).
func last(t *testing.T, q map[string][]string, key string) string {
	t.Helper()
	v := q[key]
	if len(v) == 0 {
		t.Fatalf("answers file: no answer for %s", key)
	}
	return v[len(v)-1]
}

// decode reads an event's data through JSON (as a saved log holds it).
func decode(t *testing.T, ev referee.Event, v any) {
	t.Helper()
	b, err := json.Marshal(ev.Data)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s event data %s: %v", ev.Type, b, err)
	}
}

// answered is the answer given to key during the event (-1: none).
func answered(t *testing.T, ev referee.Event, key string) int {
	t.Helper()
	for _, a := range ev.Answers {
		if a.Key == key {
			n, err := strconv.Atoi(a.Value)
			if err != nil {
				t.Fatalf("%s = %q: %v", key, a.Value, err)
			}
			return n
		}
	}
	return -1
}

// compassOrder is the Personal Compass, clockwise from north.
var compassOrder = []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// windCost is the MP one square costs moving dir with the wind blowing
// toward wind, written from the rulebook's example (rolling-seas/iii-action-phase/1-sail):
// 1 MP downwind, +1 MP for each 45 degrees away from the wind, 5 MP directly
// against it.
func windCost(wind, dir string) int {
	a, b := slices.Index(compassOrder, wind), slices.Index(compassOrder, dir)
	d := (a - b + 8) % 8
	return 1 + min(d, 8-d)
}

// TestWindCostIsTheRulebookExample pins windCost to rolling-seas/iii-action-phase/1-sail
// (wind SE: SE 1, S and E 2, SW and NE 3, W and N 4, NW 5), so the sailing
// checks below rest on the rulebook's own numbers.
func TestWindCostIsTheRulebookExample(t *testing.T) {
	want := map[string]int{"SE": 1, "S": 2, "E": 2, "SW": 3, "NE": 3, "W": 4, "N": 4, "NW": 5}
	for dir, mp := range want {
		if got := windCost("SE", dir); got != mp {
			t.Errorf("rolling-seas/iii-action-phase/1-sail: wind SE, moving %s costs %d MP, got %d", dir, mp, got)
		}
	}
}

// renownRanks is the Renown Ranks table, rolling-seas/renown-ranks.
var renownRanks = []struct {
	lo, hi int
	title  string
}{
	{0, 75, "Small-Time Braggart"}, {76, 125, "Boring Storyteller"}, {126, 150, "Rent-a-Bard"},
	{151, 175, "Wandering Minstrel"}, {176, 200, "Renowned Poet"}, {201, 225, "Storyteller Extraordinaire"},
	{226, 250, "Master of Stories"},
}

// dataIron is the Captain's tracks as each ironside event reports them.
type dataIron struct {
	Story, Renown, Ports, Gold, Provisions, Cannons, Ship, Monoliths, Pirates, Wind, Ticks int
}

type ironData struct {
	Card         int      `json:"card"`
	CardAction   string   `json:"card_action"`
	Action       string   `json:"action"`
	Bonus        string   `json:"bonus"`
	BonusBlocked string   `json:"bonus_blocked"`
	Blocked      string   `json:"blocked"`
	StoryGained  *int     `json:"story_gained"`
	Ironside     dataIron `json:"ironside"`
}

// played is what the named checkpoints of each game look at.
type played struct {
	st     *State
	events []referee.Event
	byTurn map[int][]referee.Event // events of each turn (adventure to end of turn)
	seen   map[string]int          // how often each kind of check ran
}

// checkGame replays one scripted game and checks every turn against the
// rulebook.
func checkGame(t *testing.T, g gameSpec) played {
	t.Helper()
	path := filepath.Join("testdata", g.file+".yaml")
	p := loadAnswers(t, path)
	s, events := play(t, g.players, g.options, p, newTables(t), 1)
	st := &State{}
	if err := s.LoadState(st); err != nil {
		t.Fatal(err)
	}
	q := queues(t, path)
	cur := &cursor{t: t, q: queues(t, path), seen: map[string]int{}}
	out := played{st: st, events: events, byTurn: map[int][]referee.Event{}, seen: cur.seen}
	difficulty := g.options["ironside"]
	solo := len(g.players) == 1
	ambush := g.options["ambush"] == "on"

	// rolling-seas/setup: a 25-card Adventure Deck; rolling-seas/adjacency: the two Ambush
	// cards are added after setup (multiplayer only, rolling-seas/solo-mode; Captain Ironside
	// uses his own instead, rolling-seas/prepare-captain-ironside-s-deck/ambush).
	wantSize := 25
	if ambush && !solo && difficulty == "" {
		wantSize = 27
	}
	if st.Deck.Size != wantSize {
		t.Errorf("rolling-seas/setup, rolling-seas/adjacency: Adventure Deck of %d cards, got %d", wantSize, st.Deck.Size)
	}
	// rolling-seas/end-of-game: the game ends after the turn of the last card.
	if st.Turn != wantSize {
		t.Errorf("rolling-seas/end-of-game: %d turns (one per card), got %d", wantSize, st.Turn)
	}

	reefs := 0
	for i := 1; i <= 2; i++ {
		if cur.pop(fmt.Sprintf("rs.setup.adventure.%d", i)) == KindReef {
			reefs++
		}
	}
	turn, kind := 0, ""
	var wind []string
	explore := 0
	var prevIron *dataIron
	var ambushes []string // who waits with an Ambush on whose board: "by>on"
	for _, ev := range events {
		if turn > 0 {
			out.byTurn[turn] = append(out.byTurn[turn], ev)
		}
		switch ev.Type {
		case "adventure":
			turn++
			out.byTurn[turn] = append(out.byTurn[turn], ev)
			var d struct {
				Turn int    `json:"turn"`
				Card string `json:"card"`
			}
			decode(t, ev, &d)
			// rolling-seas/i-adventure-phase: each turn reveals the top card: the one
			// the answers file names next.
			kind = cur.pop("rs.adventure.card")
			if d.Turn != turn || d.Card != kind {
				t.Errorf("rolling-seas/i-adventure-phase: turn %d reveals %s, got turn %d card %s", turn, kind, d.Turn, d.Card)
			}
			switch kind {
			case KindReef:
				reefs++
			case KindSmooth:
				cur.pop("rs.smooth.card")
			}
			if (kind == KindReef || kind == KindAmbush) && !solo {
				pass := cur.pop("rs.adventure.pass")
				if kind == KindAmbush {
					// rolling-seas/2-adventure-card: the boards pass to the side the card
					// shows, and that neighbour draws the Ambush.
					n := len(g.players)
					for i, on := range g.players {
						j := (i + 1) % n
						if pass == "right" {
							j = (i - 1 + n) % n
						}
						ambushes = append(ambushes, g.players[j]+">"+on)
					}
				}
			}
		case "dice":
			var d struct {
				Wind        []string `json:"wind"`
				Exploration int      `json:"exploration"`
				Rerolls     int      `json:"rerolls"`
				Option      int      `json:"ironside_option"`
			}
			decode(t, ev, &d)
			// rolling-seas/ii-dice-phase: "If all three Wind Dice match, reroll them
			// until at least one of them is different."
			rerolls := 0
			for {
				w := strings.Split(strings.ToUpper(cur.pop("rs.dice.wind")), ",")
				if w[0] == w[1] && w[1] == w[2] {
					rerolls++
					cur.seen["Wind Dice re-rolled"]++
					continue
				}
				wind = w
				break
			}
			if !slices.Equal(d.Wind, wind) || d.Rerolls != rerolls {
				t.Errorf("rolling-seas/ii-dice-phase: turn %d Wind Dice %v after %d reroll(s), got %v after %d", turn, wind, rerolls, d.Wind, d.Rerolls)
			}
			explore = cur.popInt("rs.dice.exploration")
			if d.Exploration != explore {
				t.Errorf("rolling-seas/2-exploration-die: turn %d Exploration Die %d, got %d", turn, explore, d.Exploration)
			}
			// rolling-seas/adventure-phase-automa: a two-option Smooth Sailing Card: odd
			// Exploration Die, the first option for the Captain; even, the second.
			if d.Option != 0 {
				cur.seen["Smooth Sailing option by the Exploration Die"]++
				want := 1
				if explore%2 == 0 {
					want = 2
				}
				if d.Option != want {
					t.Errorf("rolling-seas/adventure-phase-automa: turn %d Exploration Die %d gives the Captain option %d, got %d", turn, explore, want, d.Option)
				}
			}
		case "action":
			cur.seen["sailing costs"]++
			// rolling-seas/iii-action-phase/1-sail: the sailing cost of each square, for
			// each Wind Die direction on offer.
			for _, w := range uniq(wind) {
				var parts []string
				for _, dir := range compassOrder {
					parts = append(parts, fmt.Sprintf("%s %d", dir, windCost(w, dir)))
				}
				want := "wind " + w + ": " + strings.Join(parts, ", ")
				if !strings.Contains(ev.Text, want) {
					t.Errorf("rolling-seas/iii-action-phase/1-sail: turn %d action phase does not offer %q: %s", turn, want, ev.Text)
				}
			}
			for _, w := range compassOrder {
				if !slices.Contains(wind, w) && strings.Contains(ev.Text, "wind "+w+":") {
					t.Errorf("rolling-seas/iii-action-phase/1-sail: turn %d offers wind %s, which no Wind Die shows (%v)", turn, w, wind)
				}
			}
		case "ambush":
			var d struct {
				Battle Battle `json:"battle"`
			}
			decode(t, ev, &d)
			b := d.Battle
			pair := b.Attacker + ">" + b.Defender
			if i := slices.Index(ambushes, pair); i < 0 {
				t.Errorf("rolling-seas/2-adventure-card, rolling-seas/prerequisites: turn %d: %s has no Ambush on %s's board (%v)", turn, b.Attacker, b.Defender, ambushes)
			} else {
				ambushes = slices.Delete(ambushes, i, i+1)
			}
			// Each side's Cannons are the ones its player gave.
			ac, dc := answered(t, ev, "rs.player."+b.Attacker+".cannons"), answered(t, ev, "rs.player."+b.Defender+".cannons")
			if b.AttackerCannons != ac || b.DefenderCannons != dc {
				t.Errorf("rolling-seas/prerequisites: turn %d: the battle counts %d and %d Cannons, the players said %d and %d", turn, b.AttackerCannons, b.DefenderCannons, ac, dc)
			}
			checkBattle(t, cur, turn, b.Attacker, b.Defender, ac, dc, b.Winner, b.Tie)
		case "ironside":
			var d ironData
			decode(t, ev, &d)
			checkIron(t, ev, d, prevIron, ironCheck{cur: cur, turn: turn, kind: kind, wind: wind, explore: explore, reefs: reefs, difficulty: difficulty})
			di := d.Ironside
			prevIron = &di
		}
	}
	if turn != st.Turn {
		t.Errorf("adventure events for %d turns, state says %d", turn, st.Turn)
	}
	// rolling-seas/acquiring-ship-tokens: a Captain Ironside Card every turn without a
	// Reef: the answers file names each card drawn, and every one was drawn.
	if n := len(cur.q["rs.ironside.card.number"]); n != 0 {
		t.Errorf("rolling-seas/acquiring-ship-tokens: %d Captain Ironside Card(s) in the answers file were never drawn", n)
	}
	checkScores(t, g, q, st)
	return out
}

// checkBattle checks a Sea Battle (rolling-seas/prerequisites): the attacker rolls
// the Exploration Die, 6 wins and 1 loses; else the defender rolls, the
// same; else each adds their Cannons and the higher total wins.
func checkBattle(t *testing.T, cur *cursor, turn int, att, def string, ac, dc int, winner string, tie bool) {
	t.Helper()
	ar := cur.popInt("rs.ambush.roll.attacker")
	cur.seen["Sea Battle"]++
	wantWinner, wantTie := "", false
	switch ar {
	case 6:
		wantWinner = att
	case 1:
		wantWinner = def
	default:
		dr := cur.popInt("rs.ambush.roll.defender")
		switch {
		case dr == 6:
			wantWinner = def
		case dr == 1:
			wantWinner = att
		case ar+ac > dr+dc:
			wantWinner = att
		case dr+dc > ar+ac:
			wantWinner = def
		default:
			wantTie = true // rolling-seas/prerequisites: "Tie: gain 2 Story Points for each player."
			cur.seen["Sea Battle tie"]++
		}
	}
	if winner != wantWinner || tie != wantTie {
		t.Errorf("rolling-seas/prerequisites: turn %d Sea Battle %s (%d Cannons) on %s (%d Cannons), attacker rolled %d: winner %q tie %v, got winner %q tie %v",
			turn, att, ac, def, dc, ar, wantWinner, wantTie, winner, tie)
	}
}

type ironCheck struct {
	cur        *cursor
	turn       int
	kind       string
	wind       []string
	explore    int
	reefs      int
	difficulty string
}

// bonusFor is the Bonus Check (rolling-seas/bonus-check) of a test card on a
// difficulty: the card's box for the difficulty (Legendary reads the
// Formidable box; Training gains none: rolling-seas/difficulty-level), when any Wind Die shows
// one of its directions.
func bonusFor(card int, difficulty string, wind []string) string {
	if difficulty == "training" {
		return ""
	}
	box := difficulty
	if box == "legendary" {
		box = "formidable"
	}
	k := fmt.Sprintf("rs.ironside.card.%d.%s.", card, box)
	dirs := strings.Split(cardData[k+"directions"], ",")
	for _, w := range wind {
		if slices.Contains(dirs, w) {
			it, err := ParseItems(cardData[k+"bonus"], RewardKinds)
			if err != nil {
				panic(err)
			}
			return it.String()
		}
	}
	return ""
}

func checkIron(t *testing.T, ev referee.Event, d ironData, prev *dataIron, c ironCheck) {
	t.Helper()
	if d.Action == "reef" {
		c.cur.seen["Reef phase"]++
		// rolling-seas/captain-ironside-phase: after a Reef card he draws nothing;
		// Standard gains 1 Story Point, Formidable and Legendary 1 per Reef
		// on the Adventure Board, Basic (and Training) nothing.
		want := 0
		switch c.difficulty {
		case "standard":
			want = 1
		case "formidable", "legendary":
			want = c.reefs
		}
		if c.kind != KindReef {
			t.Errorf("rolling-seas/captain-ironside-phase: turn %d: a Reef phase after a %s card", c.turn, c.kind)
		}
		if d.StoryGained == nil || *d.StoryGained != want {
			t.Errorf("rolling-seas/captain-ironside-phase: turn %d (%s, %d Reefs): he gains %d Story Point(s), got %v", c.turn, c.difficulty, c.reefs, want, d.StoryGained)
		}
		return
	}
	if d.Card == 0 {
		return // a reshuffle
	}
	// rolling-seas/acquiring-ship-tokens: he draws a card, on a turn that is not a Reef
	// turn (Legendary: also after a Reef, rolling-seas/difficulty-level).
	if c.kind == KindReef && c.difficulty != "legendary" {
		t.Errorf("rolling-seas/acquiring-ship-tokens: turn %d: card %d drawn after a Reef card", c.turn, d.Card)
	}
	want := c.cur.popInt("rs.ironside.card.number")
	if d.Card != want {
		t.Errorf("rolling-seas/acquiring-ship-tokens: turn %d: he draws card %d (the answers file), got %d", c.turn, want, d.Card)
	}
	c.cur.seen["Captain Ironside Card drawn"]++
	c.cur.seen["Captain action "+d.Action]++
	if act := cardData[fmt.Sprintf("rs.ironside.card.%d.action", d.Card)]; d.CardAction != act {
		t.Errorf("rolling-seas/captain-actions: card %d shows the action %s, got %s", d.Card, act, d.CardAction)
	}
	// rolling-seas/bonus-check: the Bonus Check; a Ship Token can block it (rolling-seas/spend-1-ship-token).
	bonus := bonusFor(d.Card, c.difficulty, c.wind)
	got := d.Bonus
	if d.BonusBlocked != "" {
		got = d.BonusBlocked
	}
	if bonus != "" {
		c.cur.seen["Bonus Check gains"]++
	}
	if got != bonus {
		t.Errorf("rolling-seas/bonus-check: turn %d card %d on %s with Wind %v: Bonus %q, got %q", c.turn, d.Card, c.difficulty, c.wind, bonus, got)
	}
	// rolling-seas/captain-actions: the action is the card's, or its alternate.
	alt := cardData[fmt.Sprintf("rs.ironside.card.%d.alternate", d.Card)]
	if d.Action != d.CardAction && d.Action != alt {
		t.Errorf("rolling-seas/captain-actions: card %d (%s, alternate %q): he performs %s", d.Card, d.CardAction, alt, d.Action)
	}
	if d.Blocked != "" {
		c.cur.seen["action blocked"]++
		// rolling-seas/spend-2-ship-tokens-and-choose-an-action: a blocked action: he does nothing.
		if prev != nil && (d.Ironside.Ports != prev.Ports || d.Ironside.Pirates != prev.Pirates || d.Ironside.Monoliths != prev.Monoliths) {
			t.Errorf("rolling-seas/spend-2-ship-tokens-and-choose-an-action: turn %d: his %s action was blocked, but his tracks moved", c.turn, d.Blocked)
		}
		return
	}
	switch d.Action {
	case ActSail:
		// rolling-seas/sail-based-on-the-adventure-card-you-drew-this-turn: his Sail depends on this turn's card.
		var want string
		switch c.kind {
		case KindCurrent:
			want = fmt.Sprintf("Current: 1 Story Point per Ship level (%d)", d.Ironside.Ship)
		case KindPerils:
			want = "Perils of the Sea: 1 Story Point"
			pair := len(uniq(c.wind)) < len(c.wind)
			if pair {
				want += ", +2 because two Wind Dice show the same direction"
			}
			if got := strings.Contains(ev.Text, "+2 because"); got != pair {
				t.Errorf("rolling-seas/sail-based-on-the-adventure-card-you-drew-this-turn: turn %d Wind %v: two dice show the same direction: %v, the extra 2 Story Points given: %v", c.turn, c.wind, pair, got)
			}
		case KindMonster:
			want = "Sea Monster: 2 Story Points"
		case KindSmooth:
			want = "Smooth Sailing: 1 Story Point per Wind in Its Sails"
		}
		if want != "" && !strings.Contains(ev.Text, "He Sails: "+want) {
			t.Errorf("rolling-seas/sail-based-on-the-adventure-card-you-drew-this-turn: turn %d (%s, Wind %v): %q not in %q", c.turn, c.kind, c.wind, want, ev.Text)
		}
	case ActPirates:
		// rolling-seas/pirates: 3 Story Points and 2 Gold Pieces.
		if !strings.Contains(ev.Text, "He confronts Pirates: 3 Story Points and 2 Gold Pieces") {
			t.Errorf("rolling-seas/pirates: turn %d: %s", c.turn, ev.Text)
		}
		if prev != nil && d.Ironside.Pirates != prev.Pirates+1 {
			t.Errorf("rolling-seas/visit-a-port, rolling-seas/pirates: turn %d: Pirates %d after %d", c.turn, d.Ironside.Pirates, prev.Pirates)
		}
	case ActPort:
		// rolling-seas/visit-a-port: he Tells His Story (Renown in the next box),
		// then gains 1 Story Point.
		if prev != nil && d.Ironside.Ports != prev.Ports+1 {
			t.Errorf("rolling-seas/visit-a-port: turn %d: Ports %d after %d", c.turn, d.Ironside.Ports, prev.Ports)
		}
		if !strings.Contains(ev.Text, fmt.Sprintf("Renown in box %d, then gains 1 Story Point", d.Ironside.Ports)) {
			t.Errorf("rolling-seas/tell-your-story, rolling-seas/visit-a-port: turn %d: %s", c.turn, ev.Text)
		}
		// rolling-seas/visit-a-port: he fills his Hold with as many Provisions as
		// the Exploration Die shows, when he has a Gold Piece.
		if strings.Contains(ev.Text, "fills his Hold") && !strings.Contains(ev.Text, "1 Gold for "+referee.Count(c.explore, "Provision")+" (the Exploration Die)") {
			t.Errorf("rolling-seas/visit-a-port: turn %d, Exploration Die %d: %s", c.turn, c.explore, ev.Text)
		}
	case ActExplore:
		// rolling-seas/explore: the reward of the Exploration Die's space.
		if !strings.Contains(ev.Text, fmt.Sprintf("He Explores: Exploration Board space %d:", c.explore)) {
			t.Errorf("rolling-seas/explore: turn %d, Exploration Die %d: %s", c.turn, c.explore, ev.Text)
		}
	case ActMonoliths:
		// rolling-seas/monoliths, rolling-seas/captain-actions/ambush: the next Ancient Monolith (after three,
		// he simply Explores), and the Exploration Die's reward.
		if prev != nil && prev.Monoliths < 3 && d.Ironside.Monoliths != prev.Monoliths+1 {
			t.Errorf("rolling-seas/monoliths: turn %d: Monoliths %d after %d", c.turn, d.Ironside.Monoliths, prev.Monoliths)
		}
		if !strings.Contains(ev.Text, fmt.Sprintf("Exploration Board space %d:", c.explore)) {
			t.Errorf("rolling-seas/monoliths: turn %d, Exploration Die %d: %s", c.turn, c.explore, ev.Text)
		}
	case ActAmbush:
		checkIronAmbush(t, ev, d, c)
	}
}

// checkIronAmbush checks his Ambush card (rolling-seas/captain-actions/ambush): after a
// Smooth Sailing Card he attacks, after an Adventure Card the player does;
// each battle as rolling-seas/prerequisites.
func checkIronAmbush(t *testing.T, ev referee.Event, d ironData, c ironCheck) {
	t.Helper()
	for _, part := range strings.Split(ev.Text, "Ambush Sea Battle: ")[1:] {
		who, rest, _ := strings.Cut(part, ": ")
		att, def, _ := strings.Cut(who, " attacks ")
		if (c.kind == KindSmooth) != (att == IronsideName) {
			t.Errorf("rolling-seas/captain-actions/ambush: turn %d (%s card): %s attacks %s", c.turn, c.kind, att, def)
		}
		player := def
		if att != IronsideName {
			player = att
		}
		// The player's Cannons are the ones they gave; his are his Cannon
		// Track.
		pc := answered(t, ev, "rs.player."+player+".cannons")
		if pc < 0 {
			t.Errorf("rolling-seas/captain-actions/ambush: turn %d: %s was not asked for their Cannons", c.turn, player)
		}
		ac, dc := d.Ironside.Cannons, pc
		if att != IronsideName {
			ac, dc = pc, d.Ironside.Cannons
		}
		winner, tie := "", strings.Contains(rest, "Tie:")
		switch {
		case tie:
		case strings.Contains(rest, player+" wins"):
			winner = player
		default:
			winner = IronsideName
		}
		checkBattle(t, c.cur, c.turn, att, def, ac, dc, winner, tie)
	}
}

// checkScores recomputes the final scores (rolling-seas/end-of-game) and
// ranks (rolling-seas/renown-ranks) from the end-of-game answers, and the Captain's (rolling-seas/end-of-game-automa).
func checkScores(t *testing.T, g gameSpec, q map[string][]string, st *State) {
	t.Helper()
	type want struct {
		name                   string
		total, gold, provision int
	}
	var ws []want
	atoi := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, p := range g.players {
		k := "rs.player." + p + "."
		// rolling-seas/end-of-game: Final Story, Ending Port (5, or 10 at the
		// Home Port), Bonus Renown, -5 per Pirate not encountered.
		port := map[string]int{"none": 0, "port": 5, "home": 10}[last(t, q, k+"ending-port")]
		total := atoi(last(t, q, k+"renown")) + atoi(last(t, q, k+"story")) + port + atoi(last(t, q, k+"bonus")) - 5*(3-atoi(last(t, q, k+"pirates")))
		ws = append(ws, want{p, total, atoi(last(t, q, k+"gold")), atoi(last(t, q, k+"provisions"))})
	}
	if ir := st.Iron; ir != nil {
		// rolling-seas/end-of-game-automa: he tells his story one last time, with no
		// Ending Port bonus and no Pirate penalty.
		col := 0
		for _, r := range ir.Renown {
			col += r
		}
		var sc Score
		for _, s := range st.Scores {
			if s.Automa {
				sc = s
			}
		}
		if sc.Column != col || sc.FinalStory != ir.Story || sc.EndingPort != 0 || sc.Pirates != 0 {
			t.Errorf("rolling-seas/end-of-game-automa: the Captain scores column %d + story %d, no port, no pirates; got %+v", col, ir.Story, sc)
		}
		// His Bonus Renown (rolling-seas/end-of-game, rolling-seas/captain-actions/ambush, rolling-seas/end-of-game-automa): the ticks of
		// full tracks and the Renown he gained (the Ancient Monoliths Award),
		// the yellow Bonuses he unlocked, the Ships he bought (Ship 2: 5,
		// Ship 3: 10 on the test board), the seventh Cannon (10), and 20 for
		// telling his story eight times.
		bonus := ir.Ticks + ir.BonusRenown
		for _, bb := range ir.Unlocked {
			if bb.Yellow() {
				bonus += bb.Renown
			}
		}
		if ir.Ship >= 2 {
			bonus += 5
		}
		if ir.Ship >= 3 {
			bonus += 10
		}
		if ir.Cannons >= 7 {
			bonus += 10
		}
		if ir.Ports >= 8 {
			bonus += 20
		}
		if sc.Bonus != bonus {
			t.Errorf("rolling-seas/end-of-game, rolling-seas/captain-actions/ambush, rolling-seas/end-of-game-automa: the Captain's Bonus Renown is %d (ticks %d, gained %d, Ship %d, Cannons %d, Ports %d), got %d",
				bonus, ir.Ticks, ir.BonusRenown, ir.Ship, ir.Cannons, ir.Ports, sc.Bonus)
		}
		ws = append(ws, want{IronsideName, col + ir.Story + bonus, ir.Gold, ir.Provisions})
	}
	// rolling-seas/end-of-game: most Renown wins; ties go to the most Gold, then
	// the most Provisions; a full tie shares the place.
	better := func(a, b want) bool {
		if a.total != b.total {
			return a.total > b.total
		}
		if a.gold != b.gold {
			return a.gold > b.gold
		}
		return a.provision > b.provision
	}
	if len(st.Scores) != len(ws) {
		t.Fatalf("rolling-seas/end-of-game: %d scores, got %d", len(ws), len(st.Scores))
	}
	for _, w := range ws {
		place := 1
		for _, o := range ws {
			if better(o, w) {
				place++
			}
		}
		var sc *Score
		for i := range st.Scores {
			if st.Scores[i].Name == w.name {
				sc = &st.Scores[i]
			}
		}
		if sc == nil {
			t.Errorf("no score for %s", w.name)
			continue
		}
		rank := ""
		for _, r := range renownRanks {
			if w.total >= r.lo && w.total <= r.hi {
				rank = r.title
			}
		}
		if w.total > 250 {
			rank = "Master of Stories" // beyond the table's top row (see docs/rolling-seas.md)
		}
		if sc.Total != w.total || sc.Place != place || sc.Rank != rank {
			t.Errorf("rolling-seas/end-of-game, rolling-seas/renown-ranks: %s: %d Renown, place %d, %s; got %d, place %d, %s", w.name, w.total, place, rank, sc.Total, sc.Place, sc.Rank)
		}
	}
	sorted := slices.Clone(st.Scores)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Place < sorted[j].Place })
	if !slices.EqualFunc(sorted, st.Scores, func(a, b Score) bool { return a.Name == b.Name }) {
		t.Errorf("rolling-seas/end-of-game: scores not listed by place: %+v", st.Scores)
	}
}

// checkpoint is a named point of a scripted game: an event of turn (the
// final scores are in the last turn) whose text holds every want, checked
// by hand against the rulebook line.
type checkpoint struct {
	turn int
	typ  string
	want []string
	line string // rolling-seas.txt line(s) the outcome rests on
	why  string // the hand check
}

var checkpoints = map[string][]checkpoint{
	"solo-training": {
		{5, "ironside", []string{"Training: no card Bonus.", "He confronts Pirates: 3 Story Points and 2 Gold Pieces"}, "352,466",
			"Training gains no card Bonus; his Pirates action gives 3 Story Points and 2 Gold Pieces"},
		{25, "score", []string{"Alma: 170 Renown (column 114 + final story 25 + ending port 10 + bonus 31 + pirates -10), Wandering Minstrel; place 2"}, "316-319,329",
			"114+25+10 (Home Port)+31-10 (two Pirates not met) = 170, in 151-175"},
		{25, "score", []string{"Captain Ironside: 277 Renown (column 152 + final story 40 + ending port 0 + bonus 85 + pirates 0)", "place 1"}, "484",
			"no Ending Port and no Pirate penalty for him: 152+40+85 = 277"},
		{25, "game-over", []string{"Captain Ironside wins the game!"}, "321", "277 > 170"},
	},
	"solo-basic": {
		{1, "ironside", []string{"Captain Ironside Phase (Reef)", "His turn ends."}, "504,508",
			"a Reef: no card; Basic: nothing else happens"},
		{5, "dice", []string{"Wind SW, W, SE", "rerolled 1 time"}, "167",
			"the answers roll E,E,E (all match) and then SW,W,SE"},
		{9, "dice", []string{"Wind N, E, W", "rerolled 2 times"}, "167",
			"NE,NE,NE and SE,SE,SE are rerolled"},
		{6, "ironside", []string{"draws card 4 (pirates", "Bonus Check: a Wind Die shows one of SE: he gains 1 Gold Piece", "He confronts Pirates: 3 Story Points and 2 Gold Pieces"}, "428,466",
			"card 4's Basic box is SE/gold and a Wind Die shows SE"},
		{5, "dice", []string{"Exploration Die 2 is even: Captain Ironside takes the second Smooth Sailing option, 1 Provision"}, "406",
			"a gold|provision card: an even Exploration Die gives him the second option"},
		{22, "action", []string{"wind S: N 5, NE 4, E 3, SE 2, S 1, SW 2, W 3, NW 4", "wind NE: N 2, NE 1, E 2, SE 3, S 4, SW 5, W 4, NW 3"}, "193,195",
			"downwind 1 MP, one more per 45 degrees away, 5 MP straight against the wind"},
		{22, "ironside", []string{"Condition: he has 2 pirates, Alma (furthest along) 1: he has more: the condition holds", "Alma blocked his monoliths action with Ship Tokens: he does nothing."}, "434,492",
			"card 4 takes its alternate (monoliths) as he has met more Pirates; Alma's 2 Ship Tokens block it"},
		{22, "ship-token", []string{"Spent Ship Tokens return to 5, 6."}, "494", "the two spent tokens go back to separate empty spaces"},
		{25, "score", []string{"Alma: 94 Renown (column 37 + final story 30 + ending port 10 + bonus 32 + pirates -15), Boring Storyteller; place 2"}, "316-319,327",
			"37+30+10+32-15 (no Pirate met) = 94, in 76-125"},
		{25, "score", []string{"Captain Ironside: 216 Renown", "Storyteller Extraordinaire; place 1"}, "331,484", "85+40+91 = 216, in 201-225"},
	},
	"solo-standard": {
		{1, "ironside", []string{"Captain Ironside Phase (Reef)", "he gains 1 Story Point"}, "509", "Standard: 1 Story Point after a Reef"},
		{2, "ironside", []string{"draws card 5 (sail)", "no Wind Die shows NE, E: no Bonus", "He Sails: Perils of the Sea: 1 Story Point, +2 because two Wind Dice show the same direction"}, "428,443",
			"Wind SE, SW, SW: no NE or E; two dice show SW"},
		{3, "ironside", []string{"draws card 3 (port)", "he gains 1 Gold off each Port purchase this turn", "Tells His Story: 5 Renown in box 1, then gains 1 Story Point", "fills his Hold: 1 Gold for 1 Provision (the Exploration Die)"}, "362,428,455,457",
			"Wind SW,SW,E shows E (card 3 Standard: E,W discount); his story 1 (start) +1 (Reef) +3 (Perils) = 5; Exploration Die 1"},
		{25, "score", []string{"Alma: 137 Renown (column 107 + final story 29 + ending port 0 + bonus 11 + pirates -10), Rent-a-Bard; place 2"}, "316-319,328",
			"107+29+11-10 = 137, in 126-150"},
		{25, "game-over", []string{"Captain Ironside wins the game!"}, "321", "241 > 137"},
	},
	"solo-formidable": {
		{7, "ironside", []string{"Captain Ironside Phase (Reef)", "he gains 3 Story Points (1 per Reef on your Adventure Board: 3)"}, "355,510",
			"Formidable: 1 Story Point per Reef on the board, 3 by turn 7"},
		{10, "ironside", []string{"he gains 4 Story Points (1 per Reef on your Adventure Board: 4)"}, "510", "the fourth Reef"},
		{11, "ironside", []string{"he gains 5 Story Points (1 per Reef on your Adventure Board: 5)"}, "510", "the fifth Reef"},
		{25, "score", []string{"Alma: 28 Renown (column 17 + final story 12 + ending port 5 + bonus 4 + pirates -10), Small-Time Braggart; place 2"}, "316-319,326",
			"17+12+5 (a Port)+4-10 = 28, in 0-75"},
	},
	"solo-legendary": {
		{1, "ironside", []string{"he gains 3 Story Points (1 per Reef on your Adventure Board: 3)", "the top card of his deck is discarded unseen", "he now takes a full turn"}, "356,510,511",
			"two setup Reefs and the turn's Reef make 3; Legendary discards the top card and takes a full turn"},
		{25, "score", []string{"Alma: 179 Renown (column 144 + final story 25 + ending port 10 + bonus 0 + pirates 0), Renowned Poet; place 2"}, "316-319,330",
			"all three Pirates met: no penalty; 144+25+10 = 179, in 176-200"},
		{25, "game-over", []string{"Captain Ironside wins the game!"}, "321", "366 > 179"},
	},
	"solo-no-automa": {
		{15, "action", []string{"Solo: exploring your third Ancient Monolith this turn earns the top reward."}, "338", "by the end of the 15th turn: the first reward"},
		{16, "action", []string{"earns the second reward."}, "338", "turns 16-20: the second reward"},
		{20, "action", []string{"earns the second reward."}, "338", "turns 16-20: the second reward"},
		{21, "action", []string{"earns the bottom reward."}, "338", "the 21st turn or later: the third reward"},
		{25, "score", []string{"Alma: 15 Renown (column 2 + final story 20 + ending port 5 + bonus 3 + pirates -15), Small-Time Braggart; place 1"}, "316-319,326",
			"2+20+5+3-15 = 15"},
		{25, "game-over", []string{"Alma wins the game!"}, "321,340", "the only captain"},
	},
	"two-players-standard": {
		{7, "ironside", []string{"draws card 11 (ambush)", "Alma attacks Captain Ironside: 3+6=9 beats 2+1=3. Alma wins", "He loses (option 1) 1 Gold Piece and no Provisions",
			"Sara attacks Captain Ironside: Captain Ironside rolled a 6 and wins automatically"}, "213,478,480",
			"an Adventure Card this turn: the players attack; Alma 3+6 Cannons beats his 2+1; Sara's attack meets his automatic 6"},
		{8, "ironside", []string{"Alma gains his Bonus too: 1 Gold Piece"}, "517", "Alma spends a Ship Token to gain his Bonus"},
		{13, "ironside", []string{"draws card 12 (ambush)", "Captain Ironside attacks Alma: Captain Ironside rolled a 1 and loses automatically", "Captain Ironside attacks Sara: Sara rolled a 6 and wins automatically"}, "213,478",
			"a Smooth Sailing Card this turn: he attacks; his 1 loses, Sara's 6 wins"},
		{23, "ironside", []string{"Captain Ironside Phase (Reef)", "he gains 1 Story Point"}, "509", "Standard: 1 Story Point after a Reef"},
		{25, "score", []string{"Sara: 166 Renown (column 99 + final story 26 + ending port 5 + bonus 36 + pirates 0), Wandering Minstrel; place 2"}, "316-319,329", "99+26+5+36 = 166"},
		{25, "score", []string{"Alma: 102 Renown (column 94 + final story 7 + ending port 10 + bonus 6 + pirates -15), Boring Storyteller; place 3"}, "316-319,327", "94+7+10+6-15 = 102"},
	},
	"three-players-ambush": {
		{14, "ambush", []string{"Alma (2 Cannons) ambushes Tim (4 Cannons): 5+4=9 beats 4+2=6. Tim wins"}, "213",
			"Alma rolls 4, Tim 5; 4+2 < 5+4: the defender wins"},
		{22, "ambush", []string{"Tim (3 Cannons) ambushes Alma (3 Cannons): tie at 7: each player gains 2 Story Points."}, "213,216", "both roll 4: 4+3 = 4+3 = 7"},
		{26, "ambush", []string{"Sara (7 Cannons) ambushes Tim (5 Cannons): Sara rolled a 6 and wins automatically."}, "213", "the attacker's 6 wins at once"},
		{27, "score", []string{"Tim: 133 Renown (column 112 + final story 20 + ending port 5 + bonus 11 + pirates -15), Rent-a-Bard; place 1"}, "316-319,328", "112+20+5+11-15 = 133"},
		{27, "score", []string{"Alma: 29 Renown (column 15 + final story 11 + ending port 5 + bonus 3 + pirates -5), Small-Time Braggart; place 3"}, "316-319,326", "15+11+5+3-5 = 29"},
		{27, "game-over", []string{"Tim wins the game!"}, "321", "133 > 58 > 29"},
	},
}

// TestScriptedGames replays each testdata answers file from setup to the
// final score with the physical Captain Ironside deck, checks every turn
// against the rulebook (checkGame) and each game's named checkpoints, and
// compares the log with its golden file (-update rewrites the golden logs,
// never the answers files).
func TestScriptedGames(t *testing.T) {
	seen := map[string]int{}
	defer func() {
		if t.Failed() || testing.Short() {
			return
		}
		// Every kind of check ran on some scripted game: none passes for
		// want of a case.
		for _, k := range []string{"Wind Dice re-rolled", "Smooth Sailing option by the Exploration Die", "sailing costs", "Sea Battle", "Sea Battle tie",
			"Reef phase", "Captain Ironside Card drawn", "Bonus Check gains", "action blocked", "Captain action sail", "Captain action port",
			"Captain action pirates", "Captain action explore", "Captain action monoliths", "Captain action ambush"} {
			if seen[k] == 0 {
				t.Errorf("no scripted game reaches the check %q", k)
			}
		}
		t.Logf("checks run: %v", seen)
	}()
	for _, g := range games {
		t.Run(g.file, func(t *testing.T) {
			pl := checkGame(t, g)
			for k, n := range pl.seen {
				seen[k] += n
			}
			cps := checkpoints[g.file]
			if len(cps) == 0 {
				t.Fatalf("no rulebook checkpoints for %s", g.file)
			}
			for _, cp := range cps {
				found := false
				for _, ev := range pl.byTurn[cp.turn] {
					if ev.Type != cp.typ {
						continue
					}
					all := true
					for _, w := range cp.want {
						all = all && strings.Contains(ev.Text, w)
					}
					found = found || all
				}
				if !found {
					t.Errorf("rolling-seas.txt:%s (%s): turn %d has no %s event with %q", cp.line, cp.why, cp.turn, cp.typ, cp.want)
				}
			}
			for _, ev := range pl.events {
				if len(ev.Cites) == 0 && ev.Type != "dice" {
					t.Errorf("event without citation: %s %q", ev.Type, ev.Text)
				}
			}
			golden := filepath.Join("testdata", g.file+".golden")
			got := logText(pl.events)
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if string(want) != got {
				t.Errorf("log differs from %s (rerun with -update after checking)", golden)
			}
		})
	}
}
