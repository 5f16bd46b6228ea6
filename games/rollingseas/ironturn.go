package rollingseas

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

func (c *step) setupIronside() error {
	st, opt := c.st, c.st.Opt
	ir := &Ironside{Difficulty: opt.Ironside, Story: 1, Ship: 1, MonsterStrength: 1, PirateStrength: 1, Virtual: opt.IronsideDeck == "virtual", CannonBonus: opt.CannonBonus, Fill: opt.IronsideFill}
	st.Iron = ir
	l1, l2 := 7, 3
	if opt.Easier["sail-to-level2"] {
		l1, l2 = l1-1, l2+1
	}
	if opt.Harders["port-to-level1"] {
		l1, l2 = l1+1, l2-1
	}
	if opt.Harders["pirates-monoliths-to-level1"] {
		l1, l2 = l1+1, l2-1
	}
	if ir.Virtual {
		if err := c.virtualIronDeck(); err != nil {
			return err
		}
	} else {
		ir.Deck = make([]int, l1)
		ir.Level2 = make([]int, l2)
		ir.FirstPass = true
		if opt.Ambush {
			ir.Deck = append(ir.Deck, 0)
			ir.AmbushAside = []int{0}
		}
	}
	if opt.Ironside == "legendary" {
		return nil // no Ship Tokens at Legendary difficulty
	}
	if c.solo() {
		free := []string{"1", "2", "3", "4", "5", "6"}
		if opt.Easier["two-tokens"] {
			st.Players[0].Tokens = []string{"", ""}
			pos, err := c.placeTokens(free, 4)
			if err != nil {
				return err
			}
			for _, p := range pos {
				st.Tokens = append(st.Tokens, Token{Pos: p})
			}
			return nil
		}
		for _, p := range free {
			st.Tokens = append(st.Tokens, Token{Pos: p})
		}
		return nil
	}
	pos, err := c.placeTokens(gaps(), len(st.Players)+1)
	if err != nil {
		return err
	}
	for i, p := range pos {
		owner := "ironside"
		if i < len(st.Players) {
			owner = st.Players[i].Name
		}
		st.Tokens = append(st.Tokens, Token{Pos: p, Owner: owner})
	}
	return nil
}

func gaps() []string {
	var g []string
	for i := 1; i <= 6; i++ {
		g = append(g, fmt.Sprintf("%d-%d", i, i%6+1))
	}
	return g
}

// placeTokens places n Ship Tokens at random free positions: entered as
// rs.tokens.place (in order: each player's, then the Captain's) with
// physical dice or a preset answer, else drawn with the dice RNG.
func (c *step) placeTokens(free []string, n int) ([]string, error) {
	ps, preset := c.env.Prompt.(referee.Presetter)
	if c.env.Dice.Mode == referee.Physical || (preset && ps.HasAnswer("rs.tokens.place")) {
		// Checked inside the question: a repeated space is re-asked at a
		// terminal.
		check := func(a string) (string, error) {
			if pos := referee.SplitList(a); len(uniq(pos)) != len(pos) {
				return a, referee.Usagef("rollingseas: rs.tokens.place %q: never more than one Ship Token on a space", a)
			}
			return a, nil
		}
		a, err := c.env.Prompt.Ask(referee.Question{Key: "rs.tokens.place", Text: fmt.Sprintf("the %d random Exploration Board positions of the Ship Tokens (players in seat order, then the Captain's)", n), Kind: referee.KindList, Options: free, Count: n, Check: check})
		if err != nil {
			return nil, err
		}
		return referee.SplitList(a), nil
	}
	f := slices.Clone(free)
	c.shuffle(f)
	return f[:n], nil
}

func (c *step) virtualIronDeck() error {
	st, ir, opt := c.st, c.st.Iron, c.st.Opt
	var l1, l2, amb []int
	var unknown []string
	cards := map[int]Card{}
	for n := 1; n <= 12; n++ {
		lv, ok1 := c.b.Set.Lookup(TableCards, fmt.Sprintf("%d.level", n))
		ac, ok2 := c.b.Set.Lookup(TableCards, fmt.Sprintf("%d.action", n))
		if !ok1 || !ok2 || !lv.Known() || !ac.Known() {
			unknown = append(unknown, strconv.Itoa(n))
		}
	}
	// A card not in tables.yaml yet is asked (its pile, action, condition
	// and alternate action; its Bonus when it is drawn), so --set,
	// --answers or the terminal can give the twelve cards at setup.
	piles := map[string]int{"1": 7, "2": 3, "ambush": 2} // rolling-seas/prepare-captain-ironside-s-deck
	for n := 1; n <= 12; n++ {
		// A pile already full is refused inside the level question.
		card, err := LoadCardChecked(c.b, n, "training", func(field, v string) error {
			if field != "level" {
				return nil
			}
			have := map[string]int{"1": len(l1), "2": len(l2), "ambush": len(amb)}[v]
			if have >= piles[v] {
				return referee.Usagef("rollingseas: Captain Ironside Card %d: the %s pile has %s already (the rulebook has 7 Level 1, 3 Level 2 and 2 Ambush cards)", n, map[string]string{"1": "Level 1", "2": "Level 2", "ambush": "Ambush"}[v], referee.Count(have, "card"))
			}
			return nil
		})
		if err != nil {
			if len(unknown) > 0 {
				return fmt.Errorf("rollingseas: --option ironside-deck=virtual needs all twelve Captain Ironside Cards (pile and action); not in tables.yaml yet: %s. Answer their questions (rs.ironside.card.N.level, .action, .condition, .alternate) or play with the physical deck until each card has been drawn once: %w", strings.Join(unknown, ", "), err)
			}
			return err
		}
		cards[n] = card
		switch card.Level {
		case "1":
			l1 = append(l1, n)
		case "2":
			l2 = append(l2, n)
		default:
			amb = append(amb, n)
		}
	}
	if len(l1) != 7 || len(l2) != 3 || len(amb) != 2 {
		return referee.Usagef("rollingseas: the Captain Ironside Cards in tables.yaml have %d Level 1, %d Level 2 and %s; the rulebook has 7, 3 and 2", len(l1), len(l2), referee.Count(len(amb), "Ambush card"))
	}
	move := func(from, to *[]int, pred func(Card) bool, what string) error {
		for i, n := range *from {
			if pred(cards[n]) {
				*to = append(*to, n)
				*from = slices.Delete(*from, i, i+1)
				return nil
			}
		}
		return referee.Usagef("rollingseas: no %s to move between the Level 1 and Level 2 piles", what)
	}
	if opt.Easier["sail-to-level2"] {
		if err := move(&l1, &l2, func(c Card) bool { return c.Action == ActSail }, "Level 1 Sail card"); err != nil {
			return err
		}
	}
	if opt.Harders["port-to-level1"] {
		if err := move(&l2, &l1, func(c Card) bool { return c.Action == ActPort || c.Alternate == ActPort }, "Level 2 Visit a Port card"); err != nil {
			return err
		}
	}
	if opt.Harders["pirates-monoliths-to-level1"] {
		pm := func(c Card) bool {
			return c.Action == ActPirates || c.Action == ActMonoliths || c.Alternate == ActPirates || c.Alternate == ActMonoliths
		}
		if err := move(&l2, &l1, pm, "Level 2 Pirates & Monoliths card"); err != nil {
			return err
		}
	}
	c.shuffleInts(l1)
	c.shuffleInts(l2)
	if opt.Ambush {
		c.shuffleInts(amb)
		k := len(l1) - 4
		last := append(slices.Clone(l1[k:]), amb[0])
		c.shuffleInts(last)
		l1 = append(l1[:k], last...)
		ir.AmbushAside = []int{amb[1]}
	}
	ir.Deck, ir.Level2 = l1, l2
	_ = st
	return nil
}

func (c *step) ironDeckText() string {
	ir, opt := c.st.Iron, c.st.Opt
	var b strings.Builder
	if ir.Virtual {
		fmt.Fprintf(&b, "bosun shuffled his deck virtually (%s; %s set aside).", referee.Count(len(ir.Deck), "card"), referee.Count(len(ir.Level2), "Level 2 card"))
	} else {
		fmt.Fprintf(&b, "Separate his cards into Level 1, Level 2 and Ambush piles and shuffle each.")
		if opt.Easier["sail-to-level2"] {
			b.WriteString(" Put a Level 1 Sail card in the Level 2 pile.")
		}
		if opt.Harders["port-to-level1"] {
			b.WriteString(" Move a Visit a Port card from the Level 2 pile to the Level 1 pile.")
		}
		if opt.Harders["pirates-monoliths-to-level1"] {
			b.WriteString(" Move a Pirates & Monoliths card from the Level 2 pile to the Level 1 pile.")
		}
		fmt.Fprintf(&b, " The %s form his deck; set the %s aside.", referee.Count(len(ir.Deck)-len(ir.AmbushAside), "Level 1 card"), referee.Count(len(ir.Level2), "Level 2 card"))
		if opt.Ambush {
			b.WriteString(" Shuffle one random Ambush card into the last four cards of his deck and set the other aside face down; the Adventure Deck's Ambush cards are not used.")
		} else {
			b.WriteString(" Return the two Ambush cards to the box.")
		}
	}
	return b.String()
}

// takeTokens lets each player who Explored this turn collect the Ship
// Tokens next to the Exploration Rewards taken.
func (c *step) takeTokens() error {
	st := c.st
	if st.Iron == nil || len(st.Tokens) == 0 {
		return nil
	}
	for i := range st.Players {
		p := &st.Players[i]
		// Most turns a player explores nothing: none is the default, and
		// "no" is none too (the items are checked by exploredSpaces, not
		// as options, so that "no" is not refused as "has \"no\"").
		key := "rs.player." + p.Name + ".explored"
		a, err := c.env.Prompt.Ask(referee.Question{Key: key, Kind: referee.KindList, Default: "none",
			Accepted: "none, or the Exploration Board spaces 1 to 6 whose rewards were taken, comma-separated (e.g. 2,5)",
			Check:    func(a string) (string, error) { return exploredSpaces(key, a) },
			Text:     fmt.Sprintf("the Exploration Board spaces whose rewards %s took this turn (Explore, an Ancient Monolith, or Pirates defeated with Cannons), or none", p.Name)})
		if err != nil {
			return err
		}
		var took []string
		for _, r := range referee.SplitList(a) {
			if r == "none" {
				continue
			}
			for k := 0; k < len(st.Tokens); k++ {
				t := st.Tokens[k]
				if !tokenNext(t.Pos, r) || (t.Owner != "" && t.Owner != p.Name && t.Owner != "ironside") {
					continue
				}
				p.Tokens = append(p.Tokens, t.Owner)
				took = append(took, t.Pos)
				st.Tokens = slices.Delete(st.Tokens, k, k+1)
				k--
			}
		}
		if len(took) > 0 {
			c.emit("ship-token", fmt.Sprintf("%s takes the %s at %s and now holds %d.", p.Name, referee.Noun(len(took), "Ship Token"), strings.Join(took, ", "), len(p.Tokens)),
				map[string]any{"player": p.Name, "positions": took, "held": len(p.Tokens)}, CiteAcquireTokens, CiteMultiplayerIronside)
		}
	}
	return nil
}

// exploredSpaces is the canonical answer of rs.player.NAME.explored: none
// (also "no", and none among spaces is dropped), or spaces 1-6, each once.
func exploredSpaces(key, a string) (string, error) {
	var out []string
	for _, it := range referee.SplitList(a) {
		switch it = strings.ToLower(it); it {
		case "none", "no":
			continue
		case "1", "2", "3", "4", "5", "6":
			if !slices.Contains(out, it) {
				out = append(out, it)
			}
		default:
			return "", referee.Usagef("answer %q for %s: %q is not an Exploration Board space; accepted: none, or the spaces 1 to 6, comma-separated", a, key, it)
		}
	}
	if len(out) == 0 {
		return "none", nil
	}
	return strings.Join(out, ","), nil
}

// tokenNext reports whether a token at pos is next to Exploration Reward r.
func tokenNext(pos, r string) bool {
	if a, b, ok := strings.Cut(pos, "-"); ok {
		return a == r || b == r
	}
	return pos == r
}

// spend is what the players spent Ship Tokens on before his card is revealed.
type spend struct {
	NoBonus bool
	Block   string
	Gainers []string
	Spent   []string // owners of the spent tokens, to return
	By      string
}

func (c *step) spendTokens() (spend, error) {
	st := c.st
	var sp spend
	if st.Opt.Ironside == "legendary" {
		return sp, nil
	}
	blockCost := 2
	if st.Opt.Easier["one-token-block"] {
		blockCost = 1
	}
	for i := range st.Players {
		p := &st.Players[i]
		if len(p.Tokens) == 0 {
			continue
		}
		opts := []string{"none"}
		if sp.Block == "" && !sp.NoBonus {
			opts = append(opts, "bonus")
			if len(p.Tokens) >= blockCost {
				for _, a := range Blockable {
					opts = append(opts, "block-"+a)
				}
				// Ship Token Example 1 prevents "the Pirates and Ancient
				// Monoliths action": one block for either action of a
				// Pirates & Monoliths card.
				opts = append(opts, "block-"+BlockPiratesMonoliths)
			}
		}
		if !c.solo() {
			opts = append(opts, "gain-bonus")
		}
		if len(opts) == 1 {
			continue
		}
		// Most turns no token is spent: none is the default.
		a, err := c.env.Prompt.Ask(referee.Question{Key: "rs.player." + p.Name + ".tokens.spend", Kind: referee.KindChoose, Options: opts, Default: "none", Text: fmt.Sprintf("%s holds %s: spend before Captain Ironside's card is revealed? none; bonus (1: he gains no card Bonus); block-ACTION (%d: he cannot perform it)%s",
			p.Name, referee.Count(len(p.Tokens), "Ship Token"), blockCost, map[bool]string{true: "", false: "; gain-bonus (1: you gain his Bonus this turn)"}[c.solo()])})
		if err != nil {
			return sp, err
		}
		n := 0
		switch {
		case a == "none":
			continue
		case a == "bonus":
			sp.NoBonus, n = true, 1
		case a == "gain-bonus":
			sp.Gainers, n = append(sp.Gainers, p.Name), 1
		default:
			sp.Block, n = strings.TrimPrefix(a, "block-"), blockCost
		}
		if a == "bonus" || strings.HasPrefix(a, "block-") {
			sp.By = p.Name
		}
		// The Captain's Ship Token is used (and returned) before your own.
		slices.SortStableFunc(p.Tokens, func(x, y string) int {
			return map[bool]int{true: 0, false: 1}[x == "ironside"] - map[bool]int{true: 0, false: 1}[y == "ironside"]
		})
		sp.Spent = append(sp.Spent, p.Tokens[:n]...)
		p.Tokens = slices.Clone(p.Tokens[n:])
		c.emit("ship-token", fmt.Sprintf("%s spends %s: %s.", p.Name, referee.Count(n, "Ship Token"), a), map[string]any{"player": p.Name, "spend": a, "tokens": n}, CiteUsingTokens, CiteMultiplayerIronside)
	}
	return sp, nil
}

// returnTokens puts spent Ship Tokens back on separate empty spaces (or
// removes them with harder=remove-tokens).
func (c *step) returnTokens(spent []string) error {
	st := c.st
	if len(spent) == 0 {
		return nil
	}
	if st.Opt.Harders["remove-tokens"] {
		c.emit("ship-token", fmt.Sprintf("The %s %s removed from the game.", referee.Count(len(spent), "spent Ship Token"), map[bool]string{true: "is", false: "are"}[len(spent) == 1]), nil, CiteAdjustDifficulty)
		return nil
	}
	all := []string{"1", "2", "3", "4", "5", "6"}
	if !c.solo() {
		all = gaps()
	}
	var empty []string
	for _, p := range all {
		if !slices.ContainsFunc(st.Tokens, func(t Token) bool { return t.Pos == p }) {
			empty = append(empty, p)
		}
	}
	n := min(len(spent), len(empty))
	// Checked inside the question: a repeated space is re-asked at a
	// terminal.
	check := func(a string) (string, error) {
		if pos := referee.SplitList(a); len(uniq(pos)) != len(pos) {
			return a, referee.RuleError([]string{CiteUsingTokens}, "rollingseas: rs.tokens.return %q: each Ship Token returns to a separate empty space", a)
		}
		return a, nil
	}
	a, err := c.env.Prompt.Ask(referee.Question{Key: "rs.tokens.return", Kind: referee.KindList, Options: empty, Count: n, Check: check,
		Text: fmt.Sprintf("the %s the spent %s return to", referee.Count(n, "separate empty Exploration Board space"), referee.Noun(n, "Ship Token"))})
	if err != nil {
		return err
	}
	pos := referee.SplitList(a) // separate spaces: checked by the question
	for i, p := range pos {
		st.Tokens = append(st.Tokens, Token{Pos: p, Owner: spent[i]})
	}
	c.emit("ship-token", fmt.Sprintf("Spent %s return to %s.", referee.Noun(len(pos), "Ship Token"), strings.Join(pos, ", ")), map[string]any{"positions": pos}, CiteUsingTokens)
	return nil
}

func (c *step) ironEmit(text string, data map[string]any, cites ...string) {
	ir := c.st.Iron
	if data == nil {
		data = map[string]any{}
	}
	if len(c.fought) > 0 {
		data["battles"] = c.fought
		c.fought = nil
	}
	data["ironside"] = map[string]any{"story": ir.Story, "renown": ir.RenownColumn(), "ports": ir.Ports, "gold": ir.Gold, "provisions": ir.Provisions,
		"cannons": ir.Cannons, "ship": ir.Ship, "monoliths": ir.Monoliths, "pirates": ir.Pirates, "wind": ir.Wind, "ticks": ir.Ticks}
	c.emit("ironside", text, data, cites...)
}

func (c *step) ironsidePhase() error {
	st, ir := c.st, c.st.Iron
	if st.Card.Kind == KindReef {
		c.reshuffle("you drew a Reef")
		gain := 0
		switch ir.Difficulty {
		case "standard":
			gain = 1
		case "formidable", "legendary":
			gain = st.Reefs
		}
		text := "Captain Ironside Phase (Reef): his discard pile is shuffled back into his deck"
		var notes []string
		if gain > 0 {
			var err error
			notes, err = ir.Gains(c.b, Items{ItemStory: gain}, st.Explore)
			if err != nil {
				return err
			}
			text += fmt.Sprintf("; he gains %s", referee.Count(gain, "Story Point"))
			if ir.Difficulty != "standard" {
				text += fmt.Sprintf(" (1 per Reef on your Adventure Board: %d)", st.Reefs)
			}
			text += notesText(notes)
		}
		if ir.Difficulty != "legendary" {
			c.ironEmit(text+". His turn ends.", map[string]any{"action": "reef", "story_gained": gain}, CiteIronsidePhase, CiteDifficulty)
			return nil
		}
		// Two lines of the rulebook give his Legendary Reef turn. "On turns
		// when you draw a Reef Adventure Card, he takes a full turn after
		// shuffling his discard pile back into the Captain's Deck" (line
		// 356, Difficulty Level) and, among the effects before his Reef turn
		// ends, "Legendary — Discard the top card from the Captain Ironside
		// Deck" (rolling-seas/captain-ironside-phase). legendary-reef=discard-then-turn (the default)
		// does both, in the order of that phase's list: the top card is
		// discarded unseen, then he draws and plays a card. =turn reads the
		// two lines as one event: the full turn is all, and the card it
		// plays is the top card that goes to his discard pile.
		// docs/rolling-seas.md, Rulings.
		more := ". Legendary: he now takes a full turn."
		if c.st.Opt.LegendaryReef == "turn" {
			more = ". Legendary: he now takes a full turn (legendary-reef=turn: the full turn is all; the card he plays is his top card)."
		} else if len(ir.Deck) > 0 {
			top := ir.Deck[0]
			ir.Deck = ir.Deck[1:]
			ir.Discard = append(ir.Discard, top)
			text += "; Legendary: the top card of his deck is discarded unseen"
		}
		c.ironEmit(text+more, map[string]any{"action": "reef", "story_gained": gain}, CiteIronsidePhase, CiteDifficulty)
		return c.captainTurn(spend{})
	}
	sp, err := c.spendTokens()
	if err != nil {
		return err
	}
	if err := c.captainTurn(sp); err != nil {
		return err
	}
	return c.returnTokens(sp.Spent)
}

// reshuffle shuffles his discard pile (and what is left of his deck) with
// one set-aside Level 2 card if any remain.
func (c *step) reshuffle(why string) {
	ir := c.st.Iron
	deck := append(slices.Clone(ir.Deck), ir.Discard...)
	added := false
	if len(ir.Level2) > 0 {
		i := 0
		if ir.Virtual {
			i = c.env.Dice.IntN(len(ir.Level2))
		}
		deck = append(deck, ir.Level2[i])
		ir.Level2 = slices.Delete(ir.Level2, i, i+1)
		added = true
	}
	if ir.Virtual {
		c.shuffleInts(deck)
	} else {
		deck = make([]int, len(deck))
	}
	ir.Deck, ir.Discard = deck, nil
	ir.FirstPass, ir.AmbushDiscarded = false, false
	text := fmt.Sprintf("Captain Ironside's deck (%s): shuffle his discard pile into his deck", why)
	if added {
		text += fmt.Sprintf(", adding one set-aside Level 2 card (%d left aside)", len(ir.Level2))
	}
	c.ironEmit(text+": "+referee.Count(len(ir.Deck), "card")+".", map[string]any{"action": "reshuffle"}, CitePrepareDeck, CiteAutomaAction, CiteIronsidePhase)
}

// ambushRefusal refuses Captain Ironside Card n when its action is the
// Ambush and the game plays without Ambushes.
func (c *step) ambushRefusal(n int, action string) error {
	if action == ActAmbush && !c.st.Opt.Ambush {
		return referee.RuleError([]string{CitePrepareDeck}, "rollingseas: card %d is an Ambush card, but this game plays without them (--option ambush=on)", n)
	}
	return nil
}

func (c *step) drawIron() (Card, error) {
	ir := c.st.Iron
	if len(ir.Deck) == 0 {
		c.reshuffle("his deck is empty")
	}
	if len(ir.Deck) == 0 {
		return Card{}, fmt.Errorf("rollingseas: Captain Ironside has no cards left to draw")
	}
	left := len(ir.Deck)
	n := ir.Deck[0]
	ir.Deck = ir.Deck[1:]
	physical := n == 0
	piles := IronsidePiles(c.st.Opt)
	level := func(k int) string {
		if r, ok := c.b.Set.Lookup(TableCards, fmt.Sprintf("%d.level", k)); ok && r.Known() {
			return referee.ValueText(r.Value)
		}
		return ""
	}
	action := func(k int) string {
		if r, ok := c.b.Set.Lookup(TableCards, fmt.Sprintf("%d.action", k)); ok && r.Known() {
			return referee.ValueText(r.Value)
		}
		return ""
	}
	if physical {
		var err error
		// A card his deck cannot hold now (in his discard pile, out of the
		// game, a set-aside Level 2 card no shuffle has added, an Ambush
		// card before the last four) is refused inside the question, so a
		// misread number is re-asked at a terminal. A card whose level is
		// not known yet is checked once it has been read.
		check := func(a string) (string, error) {
			n, _ := strconv.Atoi(a)
			if slices.Contains(ir.Discard, n) || slices.Contains(ir.Removed, n) || level(n) != "" {
				if err := piles.DeckAllows(ir, c.st.Opt.Ambush, n, level(n), left, level); err != nil {
					return a, err
				}
			}
			return a, c.ambushRefusal(n, action(n))
		}
		a, err := c.env.Prompt.Ask(referee.Question{Key: "rs.ironside.card.number", Text: "the number of the Captain Ironside Card drawn", Kind: referee.KindNumber, Min: 1, Max: 12, Check: check})
		if err != nil {
			return Card{}, err
		}
		if n, err = strconv.Atoi(a); err != nil {
			return Card{}, err
		}
	}
	c.env.Reveal()
	// A card whose level or action is read now is checked inside those
	// questions: its deck must be able to hold it, and an Ambush card needs
	// --option ambush=on. A card bosun dealt itself is in the deck. What
	// the card shows is printed on it; the number typed before it is the
	// likelier mistake, so a terminal asks the number again (referee.Reask:
	// answered the same, the level or action is asked again too).
	var fieldCheck func(field, value string) error
	if physical {
		fieldCheck = func(field, value string) error {
			var err error
			switch field {
			case "level":
				// The level being read is card n's own.
				lv := func(k int) string {
					if k == n {
						return value
					}
					return level(k)
				}
				err = piles.deckAllows(ir, c.st.Opt.Ambush, n, value, left, lv)
			case "action":
				err = c.ambushRefusal(n, value)
			}
			if err != nil {
				return referee.Reask("rs.ironside.card.number", referee.RuleError([]string{CitePrepareDeck, CiteAutomaAction},
					"%s %s cannot be card %d's %s now (%s): the card number is asked again; Enter keeps %d, and its %s is then asked again",
					field, value, n, field, strings.TrimPrefix(err.Error(), fmt.Sprintf("rollingseas: rs.ironside.card.number %d: ", n)), n, field))
			}
			return nil
		}
	}
	card, err := LoadCardChecked(c.b, n, ir.Difficulty, fieldCheck)
	if err != nil {
		return card, err
	}
	if card.Action == ActAmbush && !c.st.Opt.Ambush {
		// A virtual deck holds no Ambush card without ambush=on; a remembered
		// card is checked by the number question.
		return card, c.ambushRefusal(n, card.Action)
	}
	if physical {
		if card.Level != "ambush" && !slices.Contains(ir.Seen, n) {
			ir.Seen = append(ir.Seen, n)
		}
	}
	return card, nil
}

// conditionHolds evaluates the card's condition against the furthest-along player.
func (c *step) conditionHolds(card Card) (bool, string, error) {
	if card.Condition == "" || card.Condition == "none" {
		return false, "", nil
	}
	i := strings.LastIndex(card.Condition, "-")
	cmp, cat := card.Condition[:i], card.Condition[i+1:]
	best, who := -1, ""
	for _, p := range c.st.Players {
		v, err := c.playerNumber(p.Name, cat, cat, 0, 999)
		if err != nil {
			return false, "", err
		}
		if v > best {
			best, who = v, p.Name
		}
	}
	mine := c.st.Iron.Value(cat)
	ok := Compare(cmp, mine, best)
	how := map[string]string{"fewer": "fewer", "more": "more", "at-least": "at least as many", "at-most": "at most as many"}[cmp]
	verdict := "he has " + how + ": the condition holds"
	if !ok {
		verdict = "he does not have " + how + ": the condition does not hold"
	}
	return ok, fmt.Sprintf("he has %s, %s (furthest along) %d: %s", conditionCount(mine, cat), who, best, verdict), nil
}

// conditionNouns names the singular of each card-condition category that
// counts things ("he has 1 port"); the others are amounts ("4 story").
var conditionNouns = map[string]string{"ports": "port", "monoliths": "monolith", "pirates": "pirate", "cannons": "cannon", "provisions": "provision", "ships": "ship"}

// conditionCount says n of a card-condition category in words.
func conditionCount(n int, cat string) string {
	if one, ok := conditionNouns[cat]; ok {
		return referee.Count(n, one, cat)
	}
	return fmt.Sprintf("%d %s", n, cat)
}

func (c *step) captainTurn(sp spend) error {
	st, ir := c.st, c.st.Iron
	first := true
	for guard := 0; guard < 30; guard++ {
		card, err := c.drawIron()
		if err != nil {
			return err
		}
		data := map[string]any{"card": card.Number, "card_action": card.Action}
		text := fmt.Sprintf("Captain Ironside draws card %d (%s", card.Number, card.Action)
		if card.Alternate != "" {
			text += fmt.Sprintf("; %s if %s", card.Alternate, card.Condition)
		}
		text += ")."
		cites := []string{CiteAutomaAction}
		if first || st.Opt.RedrawBonus {
			bonus := BonusCheck(card, ir.Difficulty, st.Wind)
			cites = append(cites, CiteBonusCheck, CiteDifficulty)
			switch {
			case ir.Difficulty == "training":
				text += " Training: no card Bonus."
			case len(bonus) == 0:
				text += fmt.Sprintf(" Bonus Check: no Wind Die shows %s: no Bonus.", orNone(card.Directions))
			case sp.NoBonus:
				text += fmt.Sprintf(" Bonus Check: %s, but a Ship Token blocks his Bonus this turn.", bonus.CaptainText())
				cites = append(cites, CiteUsingTokens)
				data["bonus_blocked"] = bonus.String()
			default:
				notes, err := ir.Gains(c.b, bonus, st.Explore)
				if err != nil {
					return err
				}
				text += fmt.Sprintf(" Bonus Check: a Wind Die shows one of %s: he gains %s%s.", strings.Join(card.Directions, ", "), bonus.CaptainText(), notesText(notes))
				data["bonus"] = bonus.String()
			}
			if first && len(sp.Gainers) > 0 && len(bonus) > 0 {
				text += fmt.Sprintf(" %s %s his Bonus too: %s (a purchase discount does nothing for you).", referee.JoinAnd(sp.Gainers), referee.Noun(len(sp.Gainers), "gains", "gain"), bonus.Text())
				cites = append(cites, CiteMultiplayerIronside)
			}
		}
		first = false
		action := card.Action
		if card.Action != ActAmbush {
			ok, why, err := c.conditionHolds(card)
			if err != nil {
				return err
			}
			if why != "" {
				text += " Condition: " + why + "."
				cites = append(cites, CiteCaptainActions, CiteMultiplayerIronside)
			}
			if ok {
				action = card.Alternate
			}
		}
		data["action"] = action
		if action == ActAmbush {
			more, err := c.ironAmbush(card)
			if err != nil {
				return err
			}
			c.ironEmit(text+" "+more, data, append(cites, CiteCaptainAmbush, CiteSail)...)
			continue
		}
		if blocks(sp.Block, action) {
			ir.Discard = append(ir.Discard, card.Number)
			// "If he would otherwise perform the chosen action, he instead
			// does nothing" (rolling-seas/spend-2-ship-tokens-and-choose-an-action): nothing is this turn's action, so
			// harder=final-action gives no bonus when it is his last
			// (ironScore; docs/rolling-seas.md, Ruling 27).
			ir.LastAction = "none"
			data["blocked"] = action
			c.ironEmit(text+fmt.Sprintf(" %s blocked his %s action with Ship Tokens: he does nothing.", sp.By, action), data, append(cites, CiteUsingTokens)...)
			return nil
		}
		if action == ActPort && ir.Ports >= 8 {
			notes, err := ir.Gains(c.b, Items{ItemStory: 1}, st.Explore)
			if err != nil {
				return err
			}
			ir.Discard = append(ir.Discard, card.Number)
			c.ironEmit(text+fmt.Sprintf(" He has already visited 8 Ports: he gains 1 Story Point%s, discards the card and draws a new one.", notesText(notes)), data, append(cites, CiteCaptainPort)...)
			continue
		}
		more, acites, err := c.perform(action)
		if err != nil {
			return err
		}
		ir.Discard = append(ir.Discard, card.Number)
		ir.LastAction = action
		c.ironEmit(text+" "+more, data, append(cites, acites...)...)
		return nil
	}
	return fmt.Errorf("rollingseas: Captain Ironside drew 30 cards in one turn")
}

// BlockPiratesMonoliths is the block of a Pirates & Monoliths card: it
// prevents either action.
const BlockPiratesMonoliths = "pirates-monoliths"

// blocks reports whether the blocked action (a spend's block-ACTION) prevents action.
func blocks(block, action string) bool {
	if block == BlockPiratesMonoliths {
		return action == ActPirates || action == ActMonoliths
	}
	return block != "" && block == action
}

func orNone(v []string) string {
	if len(v) == 0 {
		return "none of its directions"
	}
	return strings.Join(v, ", ")
}

// perform carries out one Captain action and describes it.
func (c *step) perform(action string) (string, []string, error) {
	st, ir := c.st, c.st.Iron
	gain := func(it Items) (string, error) {
		notes, err := ir.Gains(c.b, it, st.Explore)
		return notesText(notes), err
	}
	switch action {
	case ActSail:
		n, why := 0, ""
		switch st.Card.Kind {
		case KindCurrent:
			n, why = ir.Ship, fmt.Sprintf("Current: 1 Story Point per Ship level (%d)", ir.Ship)
		case KindPerils:
			n, why = 1, "Perils of the Sea: 1 Story Point"
			if len(uniq(st.Wind)) < len(st.Wind) {
				n += 2
				why += ", +2 because two Wind Dice show the same direction"
			}
		case KindMonster:
			n, why = 2, "Sea Monster: 2 Story Points"
			if ir.Cannons >= ir.MonsterStrength {
				n++
				why += fmt.Sprintf(", +1 for defeating it with Cannons (%d ≥ Strength %d)", ir.Cannons, ir.MonsterStrength)
			}
		case KindSmooth:
			n, why = ir.Wind, fmt.Sprintf("Smooth Sailing: 1 Story Point per Wind in Its Sails (%d)", ir.Wind)
		default:
			why = "the rulebook gives no Sail effect for a " + st.Card.Kind + " turn: nothing"
		}
		notes, err := gain(Items{ItemStory: n})
		return fmt.Sprintf("He Sails: %s%s.", why, notes), []string{CiteCaptainSail}, err
	case ActExplore:
		t, err := c.ironExplore()
		return "He Explores: " + t, []string{CiteCaptainExplore}, err
	case ActPirates:
		ir.Pirates++
		notes, err := gain(Items{ItemStory: 3, ItemGold: 2})
		if err != nil {
			return "", nil, err
		}
		t := fmt.Sprintf("He confronts Pirates: 3 Story Points and 2 Gold Pieces%s.", notes)
		if ir.Cannons >= ir.PirateStrength {
			e, err := c.ironExplore()
			if err != nil {
				return "", nil, err
			}
			t += fmt.Sprintf(" He defeats them with Cannons (%d ≥ Strength %d) and also Explores: %s", ir.Cannons, ir.PirateStrength, e)
		}
		return t, []string{CiteCaptainPirates}, nil
	case ActMonoliths:
		if ir.Monoliths >= 3 {
			e, err := c.ironExplore()
			return "He has visited all 3 Ancient Monoliths, so he simply Explores: " + e, []string{CiteCaptainMonoliths, CiteCaptainExplore}, err
		}
		ir.Monoliths++
		var t string
		switch ir.Monoliths {
		case 1, 2:
			notes, err := gain(Items{ItemStory: MonolithStory(ir.Monoliths)})
			if err != nil {
				return "", nil, err
			}
			t = fmt.Sprintf("He visits Ancient Monolith %d: %s%s.", ir.Monoliths, referee.Count(MonolithStory(ir.Monoliths), "Story Point"), notes)
		default:
			// No default: the Awards players took decide his.
			taken, err := referee.Choose(c.env.Prompt, "rs.monoliths.taken", "Captain Ironside explores his third Ancient Monolith: which Ancient Monoliths Awards did players take in EARLIER turns? (a player finishing this turn ties with him)", referee.NoDefault, "none", "top", "top-and-second")
			if err != nil {
				return "", nil, err
			}
			k := map[string]int{"none": 0, "top": 1, "top-and-second": 2}[taken]
			place := RaceReward(k)
			if st.Opt.Easier["third-monolith"] && k > 0 {
				place = 3
			}
			ir.MonolithPlace, ir.MonolithTurn = place, st.Turn
			reward, err := c.b.Items(fmt.Sprintf("monolith.reward.%d", place), fmt.Sprintf("the %s Ancient Monoliths Award", []string{"", "top", "second", "bottom"}[place]))
			if err != nil {
				return "", nil, err
			}
			notes, err := gain(reward)
			if err != nil {
				return "", nil, err
			}
			t = fmt.Sprintf("He visits his third Ancient Monolith and takes the %s Award: %s%s.", []string{"", "top", "second", "bottom"}[place], reward.CaptainText(), notes)
			if place < 3 {
				t += " That Award is now unavailable to players finishing later."
			}
			if st.Opt.Harders["third-place"] {
				t += " (Harder variation: a player finishing after him takes the third-place Award instead of the second.)"
			}
		}
		e, err := c.ironExplore()
		return t + " Exploration: " + e, []string{CiteCaptainMonoliths, CiteMonoliths}, err
	case ActPort:
		t, err := c.ironPort()
		return t, []string{CiteCaptainPort, CiteTellStory}, err
	}
	return "", nil, fmt.Errorf("rollingseas: unknown Captain action %q", action)
}

func (c *step) ironExplore() (string, error) {
	st, ir := c.st, c.st.Iron
	r, err := c.b.Exploration(st.Explore)
	if err != nil {
		return "", err
	}
	notes, err := ir.Gains(c.b, r, st.Explore)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Exploration Board space %d: %s%s.", st.Explore, r.CaptainText(), notesText(notes)), nil
}

func (c *step) ironPort() (string, error) {
	st, ir := c.st, c.st.Iron
	var parts []string
	told := ir.Story
	ir.Renown = append(ir.Renown, told)
	ir.Ports++
	notes, err := ir.Gains(c.b, Items{ItemStory: 1}, st.Explore)
	if err != nil {
		return "", err
	}
	parts = append(parts, fmt.Sprintf("He Visits a Port and Tells His Story: %d Renown in box %d, then gains 1 Story Point%s", told, ir.Ports, notesText(notes)))
	bought := 0
	for ir.Ship < 3 && (bought == 0 || st.Opt.IronsideShips == "all") {
		cost := max(0, ShipCost(ir.Ship+1)-ir.Discount)
		if ir.Gold < cost {
			break
		}
		ir.Gold -= cost
		ir.Ship++
		bought++
		parts = append(parts, fmt.Sprintf("buys Ship %d for %d Gold", ir.Ship, cost))
	}
	if ir.Gold >= 1 {
		ir.Gold--
		notes, err := ir.Gains(c.b, Items{ItemProvision: st.Explore}, st.Explore)
		if err != nil {
			return "", err
		}
		parts = append(parts, fmt.Sprintf("fills his Hold: 1 Gold for %s (the Exploration Die)%s", referee.Count(st.Explore, "Provision"), notesText(notes)))
	}
	mx, err := c.b.MaxCannons()
	if err != nil {
		return "", err
	}
	if ir.Cannons < mx {
		price, err := c.b.CannonPrice(ir.Cannons + 1)
		if err != nil {
			return "", err
		}
		price = max(0, price-ir.Discount)
		if ir.Gold >= price {
			ir.Gold -= price
			var notes []string
			blue, err := ir.AddCannons(c.b, 1, true, &notes)
			if err != nil {
				return "", err
			}
			for _, it := range blue {
				more, err := ir.Gains(c.b, it, st.Explore)
				if err != nil {
					return "", err
				}
				notes = append(notes, more...)
			}
			parts = append(parts, fmt.Sprintf("buys Cannon %d for %d Gold%s", ir.Cannons, price, notesText(notes)))
		}
	}
	if ir.Discount > 0 {
		parts = append(parts, fmt.Sprintf("(his Bonus took %d Gold off each purchase this turn)", ir.Discount))
	}
	return strings.Join(parts, "; ") + ".", nil
}

// ironAmbush resolves his Ambush card: a Sea Battle against each player
// (ironside-ambush=each) or the first (=first); the Adventure Card decides
// who attacks. The Exploration Die rolled this turn picks his reward or
// loss option by parity (ironside-choice=parity), as it picks his Smooth
// Sailing option.
func (c *step) ironAmbush(card Card) (string, error) {
	st, ir := c.st, c.st.Iron
	opt := 1
	if st.Opt.IronsideChoice == "parity" && st.Explore%2 == 0 {
		opt = 2
	}
	var parts []string
	players := st.Players
	if st.Opt.IronsideAmbush == "first" {
		players = players[:1]
	}
	for _, p := range players {
		pc, err := c.playerNumber(p.Name, "cannons", "Cannons", 0, 12)
		if err != nil {
			return "", err
		}
		var b Battle
		if st.Card.Kind == KindSmooth {
			b, err = c.battle(IronsideName, p.Name, ir.Cannons, pc)
		} else {
			b, err = c.battle(p.Name, IronsideName, pc, ir.Cannons)
		}
		if err != nil {
			return "", err
		}
		c.fought = append(c.fought, b)
		t := fmt.Sprintf("Ambush Sea Battle: %s attacks %s: %s.", b.Attacker, b.Defender, b.How)
		switch {
		case b.Tie:
			notes, err := ir.Gains(c.b, Items{ItemStory: 2}, st.Explore)
			if err != nil {
				return "", err
			}
			t += fmt.Sprintf(" Tie: each gains 2 Story Points%s.", notesText(notes))
		case b.Winner == IronsideName:
			it := WinnerReward(opt, st.Opt.AmbushReward)
			notes, err := ir.Gains(c.b, it, st.Explore)
			if err != nil {
				return "", err
			}
			if st.Opt.AmbushReward == "all" {
				t += fmt.Sprintf(" He wins: %s%s. %s loses: %s.", it.CaptainText(), notesText(notes), p.Name, BattleLoserText)
			} else {
				t += fmt.Sprintf(" He wins (option %d): %s%s. %s loses: %s.", opt, it.CaptainText(), notesText(notes), p.Name, BattleLoserText)
			}
		default:
			// He never spends Provisions: he loses only the Gold of his option.
			lost := IronsideLoss(opt, ir.Gold).Gold
			ir.Gold -= lost
			t += fmt.Sprintf(" %s wins: %s. He loses (option %d) %s and no Provisions (he never spends them).", p.Name, BattleWinnerText, opt, referee.Count(lost, "Gold Piece"))
		}
		parts = append(parts, t)
	}
	ir.Removed = append(ir.Removed, card.Number)
	t := strings.Join(parts, " ") + " The Ambush card leaves the game"
	if len(ir.AmbushAside) > 0 {
		ir.Discard = append(ir.Discard, ir.AmbushAside...)
		ir.AmbushAside = nil
		ir.AmbushDiscarded = true
		t += "; the second Ambush card goes to his discard pile"
	}
	return t + "; he draws a new card.", nil
}

func (c *step) scoring() error {
	st := c.st
	var scores []Score
	for _, p := range st.Players {
		q := func(k, what string, lo, hi int) (int, error) {
			// Story Points, Gold and Provisions are bounded by their Ship
			// Board track once bosun knows its length (countLimit).
			if k == "story" || k == "gold" || k == "provisions" {
				if mx, why, err := c.countLimit(k); err != nil {
					return 0, err
				} else if mx > 0 {
					hi = mx
					what += fmt.Sprintf(" (0-%d: %s)", mx, why)
				}
			}
			q := referee.Question{Key: "rs.player." + p.Name + "." + k, Kind: referee.KindNumber, Text: fmt.Sprintf("%s: %s", p.Name, what), Min: lo, Max: hi}
			if stickyCounts[k] {
				q = referee.Sticky(c.s, c.env, q) // the Pirates fought: as answered last
			}
			a, err := c.env.Prompt.Ask(q)
			if err != nil {
				return 0, err
			}
			return strconv.Atoi(a)
		}
		sc := Score{Name: p.Name}
		var err error
		if sc.Column, err = q("renown", "the sum of your Renown Column (the stories told at Ports)", 0, 2000); err != nil {
			return err
		}
		if sc.FinalStory, err = q("story", "your Story Points now (the Final Story)", 0, 500); err != nil {
			return err
		}
		// No default: where the Ship ends is the board's.
		where, err := referee.Choose(c.env.Prompt, "rs.player."+p.Name+".ending-port", p.Name+": is your Ship adjacent to a Port at the end (none, port, home for your Home Port)?", referee.NoDefault, "none", "port", "home")
		if err != nil {
			return err
		}
		sc.EndingPort = EndingPortRenown(where)
		if sc.Bonus, err = q("bonus", "your Bonus Renown (Ships, Hold bonuses, Story Track, seventh Cannon, three Ancient Monoliths, eight Ports)", 0, 1000); err != nil {
			return err
		}
		pir, err := q("pirates", "how many of the three Pirates you encountered", 0, 3)
		if err != nil {
			return err
		}
		sc.Pirates = PiratePenalty(pir)
		if sc.Gold, err = q("gold", "your unspent Gold Pieces", 0, 500); err != nil {
			return err
		}
		if sc.Provisions, err = q("provisions", "your unspent Provisions", 0, 500); err != nil {
			return err
		}
		scores = append(scores, sc)
	}
	if st.Iron != nil {
		sc, err := c.ironScore()
		if err != nil {
			return err
		}
		scores = append(scores, sc)
	}
	scores = RankScores(scores)
	st.Scores = scores
	for _, sc := range scores {
		text := fmt.Sprintf("%s: %d Renown (column %d + final story %d + ending port %d + bonus %d + pirates %d), %s; place %d (Gold %d, Provisions %d).",
			sc.Name, sc.Total, sc.Column, sc.FinalStory, sc.EndingPort, sc.Bonus, sc.Pirates, sc.Rank, sc.Place, sc.Gold, sc.Provisions)
		if len(sc.Detail) > 0 {
			text += " " + strings.Join(sc.Detail, "; ") + "."
		}
		cites := []string{CiteEndOfGame, CiteRenownRanks}
		if sc.Automa {
			cites = append(cites, CiteAutomaEnd)
			if st.Iron.YellowRenown() > 0 {
				cites = append(cites, CiteBonus)
			}
		}
		c.emit("score", text, map[string]any{"score": sc}, cites...)
	}
	var winners []string
	for _, sc := range scores {
		if sc.Place == 1 {
			winners = append(winners, sc.Name)
		}
	}
	text := winners[0] + " wins the game!"
	if len(winners) > 1 {
		text = strings.Join(winners, " and ") + " share the glory: tied on Renown, Gold and Provisions."
	}
	c.emit("game-over", text, map[string]any{"winners": winners, "scores": scores}, CiteEndOfGame)
	st.Phase = PhaseOver
	return nil
}

func (c *step) ironScore() (Score, error) {
	st, ir := c.st, c.st.Iron
	sc := Score{Name: IronsideName, Automa: true}
	// "If Captain Ironside's last action of the game is Visit a Port, he
	// gains a bonus of 5 Renown. If his final action of the game is Sail,
	// he gains a Story Point." (Adjust Difficulty, rolling-seas/adjust-difficulty). Three
	// readings, docs/rolling-seas.md, Rulings 25-27:
	//   - The Story Point is gained before "Captain Ironside Tells His Story
	//     one last time" (rolling-seas/end-of-game-automa), so it counts in his Final Story (and
	//     may mark a Story Track Bonus): gained after the last telling it
	//     would score nothing, and the variation is "a more challenging
	//     experience" (rolling-seas/adjust-difficulty). The only reading that does something.
	//   - A Reef last turn (below Legendary): "His turn ends immediately"
	//     (rolling-seas/captain-ironside-phase) and no card is drawn ("If you did not draw a Reef
	//     Adventure Card, draw a Captain Ironside Card", rolling-seas/acquiring-ship-tokens), so he
	//     takes no action that turn and his last action of the game is the
	//     one he took before it (final-action-reef=last-action, the
	//     default); final-action-reef=no-action reads "last action" as his
	//     last turn's, which had none: no bonus.
	//   - An action blocked by Ship Tokens: "he instead does nothing" (line
	//     492): doing nothing takes the place of the action on that turn,
	//     so his final action is nothing and there is no bonus
	//     (LastAction "none", set where the block is resolved).
	last := ir.LastAction
	if st.Card.Kind == KindReef && ir.Difficulty != "legendary" && st.Opt.FinalActionReef == "no-action" {
		last = "none"
	}
	if st.Opt.Harders["final-action"] {
		switch last {
		case ActPort:
			ir.BonusRenown += 5
			sc.Detail = append(sc.Detail, "last action Visit a Port: +5 Renown")
		case ActSail:
			notes, err := ir.Gains(c.b, Items{ItemStory: 1}, st.Explore)
			if err != nil {
				return sc, err
			}
			sc.Detail = append(sc.Detail, "last action Sail: +1 Story Point, before his Final Story"+notesText(notes))
		case "none":
			if st.Card.Kind == KindReef && ir.Difficulty != "legendary" {
				sc.Detail = append(sc.Detail, "last turn a Reef, no action (final-action-reef=no-action): no final-action bonus")
			} else {
				sc.Detail = append(sc.Detail, "last action blocked by Ship Tokens (\"he instead does nothing\"): no final-action bonus")
			}
		}
	}
	sc.Column = ir.RenownColumn()
	sc.FinalStory = ir.Story
	bonus := ir.Ticks + ir.BonusRenown
	if ir.Ticks > 0 {
		sc.Detail = append(sc.Detail, referee.Count(ir.Ticks, "Bonus Renown tick"))
	}
	// "Bonus Renown Points: Add up all the Renown you have accumulated by
	// ... unlocking Bonuses in your Hold and on the Story Track": the yellow
	// Bonuses of his Ship Board.
	if ir.MonolithPlace > 0 {
		reward, err := c.b.Items(fmt.Sprintf("monolith.reward.%d", ir.MonolithPlace), fmt.Sprintf("the %s Ancient Monoliths Award", []string{"", "top", "second", "bottom"}[ir.MonolithPlace]))
		if err != nil {
			return sc, err
		}
		if r := reward[ItemRenown]; r > 0 {
			sc.Detail = append(sc.Detail, fmt.Sprintf("%s Ancient Monoliths Award: +%d", []string{"", "top", "second", "bottom"}[ir.MonolithPlace], r))
		}
	}
	bonus += ir.YellowRenown()
	for _, d := range []string{
		ir.yellowDetail("Hold Bonuses", TrackProvisions, TrackGold),
		ir.yellowDetail("Story Track Bonuses", TrackStory),
		ir.yellowDetail("Cannon Track Bonuses", TrackCannon),
	} {
		if d != "" {
			sc.Detail = append(sc.Detail, d)
		}
	}
	stories := ir.Ports
	if st.Opt.EightStories == "including-final" {
		stories++
	}
	if stories >= 8 {
		bonus += 20
		sc.Detail = append(sc.Detail, "told his story eight times: +20")
	}
	for lv := 2; lv <= ir.Ship; lv++ {
		r, err := c.b.Int(fmt.Sprintf("ship.%d.renown", lv), fmt.Sprintf("the end-of-game Renown Bonus for Ship %d", lv), 0, 100)
		if err != nil {
			return sc, err
		}
		bonus += r
		sc.Detail = append(sc.Detail, fmt.Sprintf("Ship %d: +%d", lv, r))
	}
	mx, err := c.b.MaxCannons()
	if err != nil {
		return sc, err
	}
	if ir.Cannons >= mx {
		r, err := c.b.Int(fmt.Sprintf("cannon.%d.renown", mx), "the end-of-game Renown for the last Cannon", 0, 100)
		if err != nil {
			return sc, err
		}
		bonus += r
		sc.Detail = append(sc.Detail, fmt.Sprintf("Cannon %d: +%d", mx, r))
	}
	sc.Bonus = bonus
	sc.Gold, sc.Provisions = ir.Gold, ir.Provisions
	sc.Detail = append(sc.Detail, "no Ending Port bonus and no Pirate penalty for the Captain")
	return sc, nil
}
