package rollingseas

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/referee"
)

// ID is the game id.
const ID = "rolling-seas"

// Adventure Deck card kinds.
const (
	KindSmooth  = "smooth-sailing"
	KindMonster = "sea-monster"
	KindPerils  = "perils"
	KindCurrent = "currents"
	KindReef    = "reefs"
	KindAmbush  = "ambush"
)

// KindLabels says what a card type is in the rulebook's words where its
// name does not, so that a table can pick a card by what it shows ("krak" finds the Kraken, a Sea
// Monster card in the rulebook's setup example, rolling-seas/adjacency).
var KindLabels = map[string]string{KindMonster: "a Sea Monster card, such as the Kraken", KindPerils: "Perils of the Sea"}

// AdventureKinds are the Adventure Card types (not Smooth Sailing).
var AdventureKinds = []string{KindMonster, KindPerils, KindCurrent, KindReef}

// Phases of the procedure (the step Next runs).
const (
	PhaseSetup     = "setup-adventures"
	PhaseAdventure = "adventure"
	PhaseDice      = "dice"
	PhaseAction    = "action"
	PhaseScoring   = "scoring"
	PhaseOver      = "over"
)

// IronsideName is the automa's name in scores and events.
const IronsideName = "Captain Ironside"

// Game is the Rolling Seas referee.
type Game struct{}

// Info implements referee.Game.
func (Game) Info() referee.GameInfo {
	return referee.GameInfo{ID: ID, Aliases: []string{"rs", "rolling"}, Name: "Rolling Seas", MinPlayers: 1, MaxPlayers: 6, Side: "",
		Runs: "adventure deck, wind and exploration dice, sailing costs, encounters, Ambush battles, Captain Ironside automa, scoring and ranks", Rulebook: "rolling-seas.txt", Guide: "rolling-seas.md"}
}

// The dice of Rolling Seas. The three Wind Dice are re-rolled while all of
// them match (Dice Phase: "If all three dice show the same result, they
// must be re-rolled"), so fewer than two are never rolled together.
var (
	WindDie        = referee.DieInfo{Name: "wind", Title: "Wind Dice", Game: ID, Count: 3, MinCount: 2, RerollWhileAllMatch: true}
	ExplorationDie = referee.DieInfo{Name: "exploration", Title: "Exploration Die", Game: ID, Count: 1}
)

// Dice implements referee.Game.
func (Game) Dice() []referee.DieInfo { return []referee.DieInfo{WindDie, ExplorationDie} }

type step struct {
	s   *referee.Session
	env *referee.Env
	st  *State
	b   Board
	// unlocked is how many of Captain Ironside's Ship Board Bonuses the
	// events so far have shown.
	unlocked int
	// shownPlacement: this step has shown the placement rules in full.
	shownPlacement bool
	// fought holds Captain Ironside's Sea Battles until his next event
	// carries them (data "battles", for bosun report).
	fought []Battle
}

// emit emits an event; one that shows Captain Ironside unlocking a Ship
// Board Bonus also cites the Bonus rules.
func (c *step) emit(typ, text string, data map[string]any, cites ...string) {
	if ir := c.st.Iron; ir != nil && len(ir.Unlocked) > c.unlocked {
		c.unlocked = len(ir.Unlocked)
		if !slices.Contains(cites, CiteBonus) {
			cites = append(cites, CiteBonus)
		}
	}
	if strings.Contains(text, placementRef) {
		// The short reference stands for the placement rules shown once
		// per session; the event keeps them in full for `bosun log --full`.
		full := map[string]any{referee.FullTextKey: strings.Replace(text, placementRef, placementRules, 1)}
		for k, v := range data {
			full[k] = v
		}
		data = full
	}
	c.env.Emit(referee.Event{Type: typ, Text: text, Data: data, Cites: cites})
}

func (c *step) solo() bool { return len(c.st.Players) == 1 }

// Setup implements referee.Game: options, the Adventure Deck, Captain
// Ironside's deck and Ship Tokens. The two setup Adventures are the first step.
func (g Game) Setup(s *referee.Session, env *referee.Env) error {
	opt, err := parseOptions(s.Options)
	if err != nil {
		return err
	}
	st := &State{Opt: opt, Phase: PhaseSetup}
	c := &step{s: s, env: env, st: st, b: Board{Set: env.Tables, Prompt: env.Prompt}}
	for _, p := range s.Players {
		st.Players = append(st.Players, PlayerState{Name: p.Name})
	}
	if opt.Ironside != "" && len(s.Players) > 5 {
		return referee.RuleError([]string{CiteMultiplayerIronside}, "rollingseas: Captain Ironside needs one Ship Token per player plus his own in the six gaps of the Exploration Board: at most 5 players with him, got %d", len(s.Players))
	}
	// "Start the game with two Ship Tokens and place the other four on
	// random Exploration spaces" (Adjust Difficulty, rolling-seas/adjust-difficulty) changes the
	// solo setup, "Place one Ship Token next to each die space" (rolling-seas/automa-defeat-the-legendary-captain-asher-ironside/setup).
	// With 2 or more players the setup is "one Ship Token per player, plus
	// one for the Captain, randomly in the spaces between two sequential
	// values" (rolling-seas/using-captain-ironside-in-a-game-with-2-or-more-players): nobody starts with tokens and there are no "other
	// four", so the modification would do nothing. Refused as Legendary
	// refuses its no-ops (issue 30), naming what applies.
	if opt.Ironside != "" && len(s.Players) > 1 && opt.Easier["two-tokens"] {
		return referee.RuleError([]string{CiteAdjustDifficulty, CiteMultiplayerIronside},
			"rollingseas: --option easier=two-tokens changes the solo Ship Token setup (\"Start the game with two Ship Tokens and place the other four\"), and with %s the tokens are \"one Ship Token per player, plus one for the Captain\", so it would change nothing; accepted with 2 or more players: easier=%s",
			referee.Count(len(s.Players), "player"), multiplayerEasier())
	}
	if err := c.setupDeck(); err != nil {
		return err
	}
	if opt.Ironside != "" {
		if err := c.setupIronside(); err != nil {
			return err
		}
	}
	c.emit("setup", c.setupText(), map[string]any{"deck_size": st.Deck.Size, "options": opt}, CiteSetup, CiteHomePort)
	return s.SaveState(st)
}

func (c *step) setupText() string {
	st := c.st
	smooth, adv := 15, 15
	if st.Opt.Harder {
		smooth, adv = 12, 18
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Setup: Exploration Board, Central Compass, three Wind Dice and the Exploration Die in the middle; each player takes the same Adventure Board, a Ship Board, a Marker, a Personal Compass and a Player Aide.\n")
	fmt.Fprintf(&b, "Adventure Deck: shuffle the Smooth Sailing and Adventure piles apart (no Ambush cards), set aside the top two Adventure Cards unseen, shuffle %d Smooth Sailing + %s, return the top 5 to the box unseen: %s.", smooth, referee.Count(adv, "Adventure Card"), referee.Count(smooth+adv-5, "card"))
	if st.Deck.AmbushIn > 0 {
		if st.Opt.AmbushCards == "pile" {
			fmt.Fprintf(&b, " With Ambushes: after setting the two setup Adventures aside, shuffle the two Ambush cards into the Adventure pile before taking %d (%s).", adv, referee.Count(st.Deck.Size, "card"))
		} else {
			fmt.Fprintf(&b, " After the two setup Adventures, shuffle the two Ambush cards in (%s).", referee.Count(st.Deck.Size, "card"))
		}
	}
	if st.Opt.Ironside != "" {
		fmt.Fprintf(&b, "\nCaptain Ironside (%s): an unused Ship Board tracks his Story and Renown; he starts with 1 Story Point. %s", st.Opt.Ironside, c.ironDeckText())
		if len(st.Tokens) > 0 {
			var pos []string
			for _, t := range st.Tokens {
				if t.Owner != "" {
					pos = append(pos, t.Pos+" ("+t.Owner+")")
				} else {
					pos = append(pos, t.Pos)
				}
			}
			fmt.Fprintf(&b, "\nShip Tokens on the Exploration Board: %s.", strings.Join(pos, ", "))
		}
		for _, p := range st.Players {
			if len(p.Tokens) > 0 {
				fmt.Fprintf(&b, " %s starts with %s.", p.Name, referee.Count(len(p.Tokens), "Ship Token"))
			}
		}
	}
	b.WriteString("\nThen everyone circles a Home Port and dots a starting Sea space next to it.")
	return b.String()
}

func (c *step) setupDeck() error {
	st, d := c.st, &c.st.Deck
	d.Virtual = st.Opt.AdventureDeck == "virtual"
	d.SmoothIn, d.AdvIn = 15, 15
	if st.Opt.Harder {
		d.SmoothIn, d.AdvIn = 12, 18
	}
	d.Size = d.SmoothIn + d.AdvIn - 5
	// Ambush cards of the Adventure Deck: never in solo mode, and replaced by
	// Captain Ironside's own Ambush cards when he plays. "Only add them to
	// the Adventure Deck after you've drawn the two cards needed for setup":
	// bosun adds both to the prepared 25-card Adventure Deck (27 cards,
	// ambush-cards=deck); ambush-cards=pile shuffles them into the Adventure
	// pile after the two setup cards are set aside, before 15 (18) are taken,
	// so the deck stays at 25 and holds 0, 1 or 2 of them.
	if st.Opt.Ambush && st.Opt.Ironside == "" && !c.solo() {
		d.AmbushIn = 2
		if st.Opt.AmbushCards != "pile" {
			d.Size += 2
		}
	}
	if !d.Virtual {
		return nil
	}
	counts := map[string]int{}
	total := 0
	for i, k := range AdventureKinds {
		// The counts add up to 24: checked inside each question, and the
		// last pile's count, the one that makes 24, is its default.
		last, def := i == len(AdventureKinds)-1, ""
		if last {
			def = strconv.Itoa(max(24-total, 0))
		}
		n, err := c.b.IntChecked("deck."+k, "how many of the 24 non-Ambush Adventure Cards are "+k+" cards", 0, 24, def, func(n int) error {
			if total+n > 24 || (last && total+n != 24) {
				return referee.Usagef("rollingseas: the Adventure Card counts add up to %d with this one, not 24 (26 Adventure Cards less the 2 Ambush cards); %d are left for the %s cards", total+n, 24-total, k)
			}
			return nil
		})
		if err != nil {
			return err
		}
		counts[k] = n
		total += n
	}
	if total != 24 {
		return referee.Usagef("rollingseas: the Adventure Card counts (rs-board deck.*) add up to %d, not 24 (26 Adventure Cards less the 2 Ambush cards); fix them in tables.yaml", total)
	}
	var adv []string
	for _, k := range AdventureKinds {
		for i := 0; i < counts[k]; i++ {
			adv = append(adv, k)
		}
	}
	c.shuffle(adv)
	d.Aside = adv[:2]
	pile := slices.Clone(adv[2:])
	pileAmbush := d.AmbushIn > 0 && st.Opt.AmbushCards == "pile"
	if pileAmbush {
		pile = append(pile, KindAmbush, KindAmbush)
		c.shuffle(pile)
	}
	deck := slices.Clone(pile[:d.AdvIn])
	for i := 0; i < d.SmoothIn; i++ {
		deck = append(deck, KindSmooth)
	}
	c.shuffle(deck)
	deck = deck[5:]
	if d.AmbushIn > 0 && !pileAmbush {
		deck = append(deck, KindAmbush, KindAmbush)
		c.shuffle(deck)
	}
	d.Cards = deck
	return nil
}

func (c *step) shuffle(v []string) {
	for i := len(v) - 1; i > 0; i-- {
		j := c.env.Dice.IntN(i + 1)
		v[i], v[j] = v[j], v[i]
	}
}

func (c *step) shuffleInts(v []int) {
	for i := len(v) - 1; i > 0; i-- {
		j := c.env.Dice.IntN(i + 1)
		v[i], v[j] = v[j], v[i]
	}
}

// Next implements referee.Game: one step of the procedure.
func (g Game) Next(s *referee.Session, env *referee.Env) error {
	return referee.Step(s, load, func(st *State) error {
		c := &step{s: s, env: env, st: st, b: Board{Set: env.Tables, Prompt: env.Prompt}}
		if st.Iron != nil {
			c.unlocked = len(st.Iron.Unlocked)
		}
		return referee.Phases[string]{
			PhaseSetup:     c.setupAdventures,
			PhaseAdventure: c.adventurePhase,
			PhaseDice:      c.dicePhase,
			PhaseAction:    c.actionPhase,
			PhaseScoring: func() error {
				if err := c.scoring(); err != nil {
					return err
				}
				s.Over = true
				return nil
			},
		}.Run(st.Phase, referee.Usagef("rollingseas: the game is over"))
	})
}

// load decodes a session's Rolling Seas state.
func load(s *referee.Session) (*State, error) {
	st := &State{}
	if err := s.LoadState(st); err != nil {
		return nil, err
	}
	return st, nil
}

var placementRules = "Draw the shape on empty Sea Spaces free of other markings, at least one square in the card's row or column if possible; you may rotate it but not flip it; Perils of the Sea, Currents and Reefs may not completely block access to a Port, and no Adventure may stop your Ship moving or block access to part of the board."

// placementRef replaces placementRules once a session has shown them.
var placementRef = "Usual placement rules (in full: bosun rules show " + CiteAdventureCard + ")."

// placementShown reports whether the session has already shown the
// placement rules in full: in a live event of its log, or earlier in this
// step.
func (c *step) placementShown() bool {
	if c.shownPlacement {
		return true
	}
	for _, e := range c.s.Events() {
		if !e.Undone && strings.Contains(e.Text, placementRules) {
			return true
		}
	}
	return false
}

// placementText is how to draw an Adventure of kind: its own rule, then
// the rules common to all Adventures, in full the first time in a session
// and as a short reference after that (they would repeat every turn).
func (c *step) placementText(kind string) string {
	common := placementRef
	if kind != KindAmbush && !c.placementShown() {
		common, c.shownPlacement = placementRules, true
	}
	return c.kindPlacement(kind, common)
}

func (c *step) kindPlacement(kind, placementRules string) string {
	switch kind {
	case KindMonster:
		return "Sea Monster: no special placement rules. " + placementRules
	case KindPerils:
		return "Perils of the Sea: Ships cannot stop on it, so do not block your access to Ports. " + placementRules
	case KindCurrent:
		return "Currents: may not lead onto Land Spaces, across Reefs or off the map. " + placementRules
	case KindReef:
		if c.solo() {
			return "Reefs (solo): draw it as close as possible to the card's row and column intersection; else as close as possible within the Anchored row or column; else within the other one; else anywhere. " + placementRules
		}
		return "Reefs: pass your Adventure Board to the player on the side the card shows, draw the Reef on that board (do not completely block access to a Port), and hand it back. Ships cannot enter Reefs. " + placementRules
	case KindAmbush:
		return "Ambush: pass your Adventure Board to the side the card shows; add your initial on an empty Sea Space Out of Sight of the Ship (4 or more spaces away, or behind a Land Space) and up to as many dots as you have Cannons on empty surrounding spaces; hand it back."
	}
	return ""
}

func (c *step) setupAdventures() error {
	d := &c.st.Deck
	for i := 1; i <= 2; i++ {
		var kind string
		if d.Virtual {
			kind = d.Aside[i-1]
		} else {
			var err error
			kind, err = c.env.Prompt.Ask(referee.Question{Key: fmt.Sprintf("rs.setup.adventure.%d", i), Kind: referee.KindChoose, Options: AdventureKinds, Labels: KindLabels,
				Text: fmt.Sprintf("the type of setup Adventure Card %d (Ambush cards cannot be used during setup)", i), Default: referee.NoDefault})
			if err != nil {
				return err
			}
		}
		d.Setup = append(d.Setup, kind)
		if kind == KindReef {
			c.st.Reefs++
		}
		c.env.Reveal()
		c.emit("setup-adventure", fmt.Sprintf("Setup Adventure %d: %s. Every player adds it to their Adventure Board. %s", i, kind, c.placementText(kind)),
			map[string]any{"card": kind, "index": i}, CiteSetup, CiteAdventureCard)
	}
	c.emit("setup", "Discard the two setup Adventures. Circle your Home Port and dot your starting Sea space next to it (orthogonally adjacent).", nil, CiteSetup, CiteHomePort)
	c.st.Phase = PhaseAdventure
	return nil
}

func (c *step) adventurePhase() error {
	st, d := c.st, &c.st.Deck
	st.Turn++
	st.Card = TurnCard{}
	st.Wind, st.Explore = nil, 0
	if st.Iron != nil {
		st.Iron.Discount = 0
	}
	var kind string
	if d.Virtual {
		if len(d.Cards) == 0 {
			return fmt.Errorf("rollingseas: the virtual Adventure Deck is empty")
		}
		kind, d.Cards = d.Cards[0], d.Cards[1:]
	} else {
		opts := []string{}
		if d.Smooth < d.SmoothIn {
			opts = append(opts, KindSmooth)
		}
		advDrawn := d.Adventures
		if st.Opt.AmbushCards == "pile" {
			advDrawn += d.Ambushes // the Ambush cards are among the Adventure Cards taken
		}
		if advDrawn < d.AdvIn {
			opts = append(opts, AdventureKinds...)
		}
		if d.Ambushes < d.AmbushIn && (st.Opt.AmbushCards != "pile" || advDrawn < d.AdvIn) {
			opts = append(opts, KindAmbush)
		}
		var err error
		kind, err = c.env.Prompt.Ask(referee.Question{Key: "rs.adventure.card", Kind: referee.KindChoose, Options: opts, Labels: KindLabels,
			Text: fmt.Sprintf("turn %d: the type of the Adventure Deck card revealed", st.Turn), Default: referee.NoDefault})
		if err != nil {
			return err
		}
	}
	switch kind {
	case KindSmooth:
		d.Smooth++
	case KindAmbush:
		d.Ambushes++
	default:
		d.Adventures++
	}
	d.Drawn++
	st.Card.Kind = kind
	c.env.Reveal()
	left := d.Size - d.Drawn
	data := map[string]any{"turn": st.Turn, "card": kind, "cards_left": left}
	cites := []string{CiteAdventurePhase}
	var text string
	switch kind {
	case KindSmooth:
		raw, err := c.env.Prompt.Ask(referee.Question{Key: "rs.smooth.card", Kind: referee.KindText,
			Text:     "the Smooth Sailing Card's icons: gold, provision, wind, monster, pirate; '+' joins icons that all apply, '|' separates two options (e.g. gold+wind, gold|provision)",
			Accepted: "the card's icons (gold, provision, wind, monster, pirate); '+' joins icons that all apply, '|' separates two options, e.g. gold, gold+wind or gold|provision",
			// Parsed inside the question: a typo is re-asked at a terminal.
			Check: func(a string) (string, error) { _, err := ParseSmooth(a); return a, err }})
		if err != nil {
			return err
		}
		sc, _ := ParseSmooth(raw) // accepted by its check
		st.Card.Smooth = sc
		data["smooth"] = sc.String()
		cites = append(cites, CiteSmoothSailing)
		if len(sc.Options) == 1 {
			text = fmt.Sprintf("Turn %d: Smooth Sailing (%s): every player gains %s.", st.Turn, sc.String(), sc.Options[0].Text())
		} else {
			text = fmt.Sprintf("Turn %d: Smooth Sailing: every player chooses %s OR %s.", st.Turn, sc.Options[0].Text(), sc.Options[1].Text())
		}
		if hasStrength(sc) {
			text += " If both Sea Monsters and Pirates are at maximum Strength, ignore a Strength increase."
			cites = append(cites, CiteStrength)
		}
		if st.Iron != nil {
			cites = append(cites, CiteAutomaAdventure)
			if len(sc.Options) == 1 {
				notes, err := c.ironSmooth(sc.Options[0])
				if err != nil {
					return err
				}
				text += " Captain Ironside gains it too" + notesText(notes) + "."
			} else {
				text += " Captain Ironside's option is chosen by the Exploration Die in the Dice phase (odd: the first, even: the second)."
			}
		}
	default:
		cites = append(cites, CiteAdventureCard)
		if kind == KindReef {
			st.Reefs++
		}
		if (kind == KindReef || kind == KindAmbush) && !c.solo() {
			pass, err := referee.Choose(c.env.Prompt, "rs.adventure.pass", "the side the card passes Adventure Boards to", referee.NoDefault, "left", "right")
			if err != nil {
				return err
			}
			st.Card.Pass = pass
			data["pass"] = pass
		}
		text = fmt.Sprintf("Turn %d: Adventure Card %s: every player adds it to their Adventure Board. %s", st.Turn, kind, c.placementText(kind))
		if kind == KindAmbush {
			cites = append(cites, CiteOutOfSight)
			n := len(st.Players)
			for i := range st.Players {
				// Boards pass to the side the card shows: the player on that
				// side draws the Ambush on this player's board.
				j := (i + 1) % n
				if st.Card.Pass == "right" {
					j = (i - 1 + n) % n
				}
				st.Players[i].Ambushes = append(st.Players[i].Ambushes, st.Players[j].Name)
			}
		}
		if kind == KindReef && c.solo() {
			cites = append(cites, CiteSoloMode)
		}
		if kind == KindReef && st.Iron != nil {
			text += fmt.Sprintf(" (Reefs on each Adventure Board: %d.)", st.Reefs)
		}
	}
	if left == 0 {
		text += " That was the last card: finish this turn, then the game ends."
		cites = append(cites, CiteEndOfGame)
	}
	c.emit("adventure", text, data, cites...)
	st.Phase = PhaseDice
	return nil
}

func hasStrength(sc SmoothCard) bool {
	for _, o := range sc.Options {
		if o[ItemMonster] > 0 || o[ItemPirate] > 0 {
			return true
		}
	}
	return false
}

func notesText(notes []string) string {
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, "; ") + ")"
}

// ironSmooth applies a Smooth Sailing effect to Captain Ironside.
func (c *step) ironSmooth(it Items) ([]string, error) {
	ir := c.st.Iron
	var notes []string
	gain := Items{}
	for k, n := range it {
		switch k {
		case ItemMonster, ItemPirate:
			for i := 0; i < n; i++ {
				note, err := c.raiseStrength(k)
				if err != nil {
					return nil, err
				}
				notes = append(notes, note)
			}
		default:
			gain[k] += n
		}
	}
	more, err := ir.Gains(c.b, gain, c.st.Explore)
	if err != nil {
		return nil, err
	}
	notes = append(notes, more...)
	notes = append(notes, fmt.Sprintf("he has %d Story, %d Gold, %s, %d Wind in Its Sails", ir.Story, ir.Gold, referee.Count(ir.Provisions, "Provision"), ir.Wind))
	return notes, nil
}

// raiseStrength raises his Sea Monster (monster) or Pirate (pirate)
// Strength by 1. When both are at maximum the effect is ignored; when only
// the named one is, bosun raises the other (strength-full=other) or ignores
// it (strength-full=ignore): the rulebook only names the both-at-max case.
func (c *step) raiseStrength(which string) (string, error) {
	ir := c.st.Iron
	mx, err := c.b.StrengthMax()
	if err != nil {
		return "", err
	}
	m, p := &ir.MonsterStrength, &ir.PirateStrength
	if which == ItemPirate {
		m, p = p, m
	}
	name, other := "Sea Monster", "Pirate"
	if which == ItemPirate {
		name, other = other, name
	}
	switch {
	case *m < mx:
		*m++
		return fmt.Sprintf("%s Strength %d", name, *m), nil
	case *p >= mx:
		return "both Strengths at maximum: ignored", nil
	case c.st.Opt.StrengthFull == "other":
		*p++
		return fmt.Sprintf("%s Strength at maximum: %s Strength %d", name, other, *p), nil
	}
	return fmt.Sprintf("%s Strength at maximum: ignored", name), nil
}

func (c *step) dicePhase() error {
	st := c.st
	wind, err := referee.LoadDie(c.env.Tables, c.env.Prompt, WindDie)
	if err != nil {
		return err
	}
	rs, rerolls, err := referee.RollDice(c.env.Dice, "rs.dice.wind", WindDie, wind, WindDie.Count)
	if err != nil {
		return err
	}
	st.Wind = nil
	for _, r := range rs {
		lbl := r.Label
		if lbl == "" {
			lbl = fmt.Sprint(r.Value)
		}
		st.Wind = append(st.Wind, strings.ToUpper(lbl))
	}
	ex, err := referee.LoadDie(c.env.Tables, c.env.Prompt, ExplorationDie)
	if err != nil {
		return err
	}
	r, err := c.env.Dice.Roll("rs.dice.exploration", ex)
	if err != nil {
		return err
	}
	st.Explore = r.Value
	text := fmt.Sprintf("Turn %d dice: Wind %s, Exploration Die %d.", st.Turn, strings.Join(st.Wind, ", "), st.Explore)
	if rerolls > 0 {
		text += fmt.Sprintf(" (All three Wind Dice matched: rerolled %s.)", referee.Count(rerolls, "time"))
	}
	text += "\n" + Compass(st.Wind, st.Explore)
	data := map[string]any{"wind": st.Wind, "exploration": st.Explore, "rerolls": rerolls}
	cites := []string{CiteDicePhase, CiteWindDice, CiteExplorationDie}
	if st.Iron != nil && st.Card.Kind == KindSmooth && len(st.Card.Smooth.Options) == 2 {
		i := 0
		if st.Explore%2 == 0 {
			i = 1
		}
		notes, err := c.ironSmooth(st.Card.Smooth.Options[i])
		if err != nil {
			return err
		}
		text += fmt.Sprintf("Exploration Die %d is %s: Captain Ironside takes the %s Smooth Sailing option, %s%s.", st.Explore, map[bool]string{true: "odd", false: "even"}[i == 0], map[bool]string{true: "first", false: "second"}[i == 0], st.Card.Smooth.Options[i].CaptainText(), notesText(notes))
		data["ironside_option"] = i + 1
		cites = append(cites, CiteAutomaAdventure)
	}
	c.emit("dice", text, data, cites...)
	st.Phase = PhaseAction
	return nil
}

func (c *step) actionPhase() error {
	st := c.st
	costs := []string{}
	for _, w := range uniq(st.Wind) {
		d, _ := ParseDir(w)
		ct := CostTable(d)
		var parts []string
		for _, x := range Directions {
			parts = append(parts, fmt.Sprintf("%s %d", x, ct[x]))
		}
		costs = append(costs, fmt.Sprintf("wind %s: %s", w, strings.Join(parts, ", ")))
	}
	text := fmt.Sprintf("Turn %d Action phase: each player chooses one action, all at once: Sail (pick one Wind Die direction; MP per square %s; free MP from your Ship, 1 Provision per extra MP), Explore (next to an unexplored Land Space, not at a Port: Exploration Board space %d), or Visit a Port (Tell Your Story at a new Port, Upgrade Your Ship, Fill Your Hold for 1 Gold, Arm Yourself). Wind in Your Sails moves one space in any direction at the start or end of an action.",
		st.Turn, strings.Join(costs, "; "), st.Explore)
	cites := []string{CiteActionPhase, CiteSail, CiteExplore, CiteVisitPort, CiteWindInSails}
	if c.solo() && st.Iron == nil {
		text += fmt.Sprintf(" Solo: exploring your third Ancient Monolith this turn earns the %s reward.", []string{"", "top", "second", "bottom"}[SoloMonolithReward(st.Turn)])
		cites = append(cites, CiteSoloMode)
	}
	c.emit("action", text, map[string]any{"turn": st.Turn, "exploration": st.Explore}, cites...)
	if err := c.takeTokens(); err != nil {
		return err
	}
	if err := c.playerAmbushes(); err != nil {
		return err
	}
	if st.Iron != nil {
		if err := c.ironsidePhase(); err != nil {
			return err
		}
	}
	c.emit("end-of-turn", "End of turn: cross off your oldest circled Provisions down to your Hold Capacity.", nil, CiteExplore)
	if st.Deck.Drawn >= st.Deck.Size {
		st.Phase = PhaseScoring
	} else {
		st.Phase = PhaseAdventure
	}
	return nil
}

func uniq(v []string) []string {
	var out []string
	for _, x := range v {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// playerAmbushes resolves the Sea Battles of players who sailed through an
// Ambush drawn on their board by another player.
func (c *step) playerAmbushes() error {
	st := c.st
	for i := range st.Players {
		p := &st.Players[i]
		if len(p.Ambushes) == 0 {
			continue
		}
		by, err := c.env.Prompt.Ask(referee.Question{Key: "rs.player." + p.Name + ".ambush", Kind: referee.KindChoose, Default: "none", // the usual answer
			Text: fmt.Sprintf("did %s's Ship pass through an Ambush space (its centre or a dot) this turn? none, or whose Ambush", p.Name), Options: append([]string{"none"}, uniq(p.Ambushes)...)})
		if err != nil {
			return err
		}
		if by == "none" {
			continue
		}
		k := slices.Index(p.Ambushes, by)
		p.Ambushes = slices.Delete(p.Ambushes, k, k+1)
		ac, err := c.playerNumber(by, "cannons", "Cannons", 0, 12)
		if err != nil {
			return err
		}
		dc, err := c.playerNumber(p.Name, "cannons", "Cannons", 0, 12)
		if err != nil {
			return err
		}
		b, err := c.battle(by, p.Name, ac, dc)
		if err != nil {
			return err
		}
		c.emit("ambush", battleText(b), map[string]any{"battle": b}, CiteSail, CiteSummarySail)
	}
	return nil
}

func battleText(b Battle) string {
	t := fmt.Sprintf("Sea Battle: %s (%s) ambushes %s (%s): %s.", b.Attacker, referee.Count(b.AttackerCannons, "Cannon"), b.Defender, referee.Count(b.DefenderCannons, "Cannon"), b.How)
	if b.Tie {
		return t
	}
	return t + fmt.Sprintf(" %s wins: %s. %s loses: %s (if neither is fully possible, the option that loses more, paying what you can).", b.Winner, BattleWinnerText, b.Loser, BattleLoserText)
}

// battle rolls the Exploration Die for the attacker, then (if needed) the
// defender, and resolves the Sea Battle.
func (c *step) battle(att, def string, ac, dc int) (Battle, error) {
	ex, err := referee.LoadDie(c.env.Tables, c.env.Prompt, ExplorationDie)
	if err != nil {
		return Battle{}, err
	}
	ar, err := c.env.Dice.Roll("rs.ambush.roll.attacker", ex)
	if err != nil {
		return Battle{}, err
	}
	dr := 0
	if ar.Value != 1 && ar.Value != 6 {
		r, err := c.env.Dice.Roll("rs.ambush.roll.defender", ex)
		if err != nil {
			return Battle{}, err
		}
		dr = r.Value
	}
	return ResolveBattle(att, def, ac, dc, ar.Value, dr), nil
}

func (c *step) playerNumber(name, cat, what string, lo, hi int) (int, error) {
	text := fmt.Sprintf("%s's %s now", name, what)
	// A count a component bounds is refused beyond it (exit 2; re-asked at
	// a terminal), the limit and its rule named in the question.
	if mx, why, err := c.countLimit(cat); err != nil {
		return 0, err
	} else if mx > 0 {
		hi = mx
		text += fmt.Sprintf(" (0-%d: %s)", mx, why)
	}
	q := referee.Question{Key: "rs.player." + name + "." + cat, Kind: referee.KindNumber, Min: lo, Max: hi, Text: text}
	if stickyCounts[cat] {
		q = referee.Sticky(c.s, c.env, q)
	}
	a, err := c.env.Prompt.Ask(q)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(a)
}

// countLimit is the most a player's count in category cat can be, and the
// rule that says so (0: no component limit).
func (c *step) countLimit(cat string) (int, string, error) {
	switch cat {
	case "cannons":
		mx, err := c.b.MaxCannons()
		return mx, fmt.Sprintf("the Cannon Track holds %s, \"purchasing the seventh Cannon\", %s", referee.Count(mx, "Cannon"), CiteEndOfGame), err
	case "ports":
		return 8, "there are eight Ports, \"visiting all eight Ports\", " + CiteEndOfGame, nil
	case "monoliths":
		return 3, "\"visiting all three Ancient Monoliths\", " + CiteEndOfGame, nil
	case "pirates":
		return 3, "\"there are only three Pirates on any one Adventure Board\", " + CiteCaptainPort, nil
	case "ships":
		return 3, "the starting Ship, the second and the third, " + CiteUpgradeShip, nil
	case "gold", "provisions", "story":
		// Bounded by its Ship Board track once bosun knows its length
		// (rolling-seas/ship-board "The Ship Board tracks").
		mx, ok, err := c.b.KnownTrack(cat)
		if !ok || err != nil {
			return 0, "", err
		}
		return mx, fmt.Sprintf("the %s track of a Ship Board holds %d, rs.board.track.%s, %s", cat, mx, cat, CiteShipBoard), nil
	}
	return 0, "", nil
}

// stickyCounts are the counts on a player's Ship Board that change seldom
// (a Cannon bought, a Port visited, a Pirate fought): the last answer given
// is the default. Story Points change nearly every turn and get none.
var stickyCounts = map[string]bool{"cannons": true, "ports": true, "pirates": true}
