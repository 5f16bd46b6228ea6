// Package rolling holds the `bosun rolling` command group: one-shot Rolling
// Seas helpers (sailing cost, Pirates, Ambush Sea Battles, Exploration and
// Ancient Monoliths, Renown ranks). A session (bosun new rolling-seas) runs
// the turns and Captain Ironside.
package rolling

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	rs "github.com/bosun-referee/bosun/games/rollingseas"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
)

// NewCmd returns the `bosun rolling` group.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "rolling",
		Aliases: []string{"rs", "rolling-seas"},
		Short:   "Rolling Seas helpers: sailing cost, Pirates, Ambush battles, Exploration, Ports, ranks",
		Long: `Rolling Seas one-shot helpers for the table. A session (bosun new rolling-seas)
runs the Adventure Deck, the dice and Captain Ironside; these commands
compute one sail, one encounter, one Sea Battle or one reward from what you
enter.` + cmdutil.ExitHelp,
		Example: "  bosun rolling cost --wind NE --path E:current2,NE:current2,NE:perils,NE:perils,NE,NE,NE\n  bosun rolling ambush --attacker-cannons 2 --defender-cannons 3",
	}
	cmd.AddCommand(NewCmdCost(f, nil), NewCmdPirates(f, nil), NewCmdAmbush(f, nil), NewCmdExplore(f, nil), NewCmdPort(f, nil), NewCmdRank(f, nil))
	return cmd
}

// CostOptions are the flags of `bosun rolling cost`.
type CostOptions struct {
	F       *cmdutil.Factory
	In      rs.SailInput
	PathRaw string
	Ship    int  // ship level whose free MP to use (0: --mp)
	MPSet   bool // --mp given
}

// NewCmdCost builds `bosun rolling cost`.
func NewCmdCost(f *cmdutil.Factory, runF func(*CostOptions) error) *cobra.Command {
	opts := &CostOptions{F: f}
	cmd := &cobra.Command{
		Use:   "cost",
		Short: "MP per step, total and Provisions of a sail with the chosen wind",
		Long: `Compute a sail: each square costs 1 MP downwind, 2, 3, 4, and 5 MP directly
against the chosen Wind Die direction. MP beyond the Ship's free MP (3 for the starting Ship;
--ship N reads Ship N's MP from the Ship Board) cost 1 Provision each. Write each step as a direction with an optional encounter:
monster, perils, currentN (carried N spaces, 1 Story Point per two),
pirates, ambush, reef (refused), visited (no effect). Wind in Your Sails
steps are free in any direction, at the start (--wind-in-sails) or end
(--wind-in-sails-end) of the action.` + cmdutil.ExitHelp,
		Example: "  bosun rolling cost --wind NE --path E,NE,NE\n  bosun rolling cost --wind NE --path E:current2,NE:current2,NE:perils,NE:perils,NE,NE,NE --provisions 6",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := rs.ParsePath(opts.PathRaw)
			if err != nil {
				return err
			}
			opts.In.Path = p
			opts.MPSet = cmd.Flags().Changed("mp")
			if opts.Ship != 0 && (opts.Ship < 1 || opts.Ship > 3) {
				return referee.Usagef("rolling cost: --ship %d is not accepted; accepted: 1, 2, 3", opts.Ship)
			}
			if opts.Ship != 0 && opts.MPSet {
				return referee.Usagef("rolling cost: give --mp or --ship, not both")
			}
			// A Ship's free MP is printed on the Ship Board (3 for the
			// starting Ship, rolling-seas/ship-board; Ships 2 and 3 on the board only):
			// --mp takes what the session's rs.board.ship.N.mp does.
			if opts.In.FreeMP > rs.MaxShipMP {
				return referee.Usagef("rolling cost: --mp %d is not accepted; accepted: 0-%d (a Ship's free MP from its Ship Board, bosun's bound as for rs.board.ship.N.mp: the rulebook prints only the starting Ship's 3)", opts.In.FreeMP, rs.MaxShipMP)
			}
			// "Sea Monsters and Pirates begin the game with 1 Strength"
			// (rolling-seas/sea-monster-and-pirates-strength): 0 is a value, and no Strength is below 1.
			if opts.In.MonsterStrength < 1 || opts.In.PirateStrength < 1 {
				return referee.RuleError([]string{rs.CiteStrength}, "rolling cost: --monster %d --pirates %d: a Strength below 1 is not accepted; accepted: 1 or more (Sea Monsters and Pirates begin the game with 1 Strength)", opts.In.MonsterStrength, opts.In.PirateStrength)
			}
			if runF != nil {
				return runF(opts)
			}
			return costRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.In.Wind, "wind", "", "the Wind Die direction you chose (N, NE, E, SE, S, SW, W, NW)")
	fl.StringVar(&opts.PathRaw, "path", "", "the steps, e.g. E:current2,NE,NE:perils")
	fl.IntVar(&opts.In.FreeMP, "mp", 3, "your Ship's free MP (3 for the starting Ship)")
	fl.IntVar(&opts.Ship, "ship", 0, "your Ship level (1-3): its free MP from the Ship Board (asked once when unknown) instead of --mp")
	fl.IntVar(&opts.In.WindInSails, "wind-in-sails", 0, "Wind in Your Sails used at the start of the action (free steps)")
	fl.IntVar(&opts.In.WindInSailsEnd, "wind-in-sails-end", 0, "Wind in Your Sails used at the end of the action")
	fl.IntVar(&opts.In.Cannons, "cannons", 0, "your Cannons")
	fl.IntVar(&opts.In.MonsterStrength, "monster", 1, "Sea Monster Strength")
	fl.IntVar(&opts.In.PirateStrength, "pirates", 1, "Pirate Strength")
	fl.IntVar(&opts.In.Provisions, "provisions", -1, "Provisions in your hold (checks you can pay; -1: no check)")
	_ = cmd.MarkFlagRequired("wind")
	_ = cmd.MarkFlagRequired("path")
	return cmd
}

func costRun(opts *CostOptions) error {
	t, err := opts.F.Tables()
	if err != nil {
		return err
	}
	p, err := opts.F.Prompter()
	if err != nil {
		return err
	}
	if err := cannonsWithin(rs.Board{Set: t, Prompt: p}, "rolling cost", map[string]int{"--cannons": opts.In.Cannons}); err != nil {
		return err
	}
	bounds := strengthBounds(map[string]int{"--monster": opts.In.MonsterStrength, "--pirates": opts.In.PirateStrength})
	if opts.In.Provisions >= 0 {
		bounds = append(bounds, trackBound("--provisions", opts.In.Provisions, "provisions"))
	}
	if err := boundsWithin(rs.Board{Set: t, Prompt: p}, "rolling cost", bounds); err != nil {
		return err
	}
	if opts.Ship > 0 {
		mp, err := rs.Board{Set: t, Prompt: p}.MP(opts.Ship)
		if err != nil {
			return err
		}
		opts.In.FreeMP = mp
	}
	res, err := rs.Sail(opts.In)
	if err != nil {
		return err
	}
	f := opts.F
	return f.Render(res, func(w io.Writer) error {
		var rows [][]string
		for i, s := range res.Steps {
			rows = append(rows, []string{strconv.Itoa(i + 1), s.Dir, s.Encounter, strconv.Itoa(s.MP), strconv.Itoa(s.FromFree), strconv.Itoa(s.Provisions + s.EncProv), strconv.Itoa(s.Story), s.Note})
		}
		if err := f.Table(w, []string{"step", "dir", "encounter", "MP", "free MP", "provisions", "story", "note"}, rows); err != nil {
			return err
		}
		fmt.Fprintf(w, "Wind %s: %d MP in all, %d free; %s (%d for MP, %d for encounters); %s, %s.\n",
			res.Wind, res.TotalMP, min(res.FreeMP, res.TotalMP), referee.Count(res.Provisions, "Provision"), res.ProvisionsMP, res.ProvisionsEnc, referee.Count(res.Story, "Story Point"), referee.Count(res.Gold, "Gold Piece"))
		fmt.Fprintf(w, "see: bosun rules show %s\n", strings.Join(res.Cites, ", "))
		return nil
	})
}

// PiratesOptions are the flags of `bosun rolling pirates`.
type PiratesOptions struct {
	F                                  *cmdutil.Factory
	Cannons, Strength, Max, Provisions int
}

// NewCmdPirates builds `bosun rolling pirates`.
func NewCmdPirates(f *cmdutil.Factory, runF func(*PiratesOptions) error) *cobra.Command {
	opts := &PiratesOptions{F: f}
	cmd := &cobra.Command{
		Use:   "pirates",
		Short: "Resolve an encounter with Pirates from your Cannons and their Strength",
		Long: `Resolve entering a Pirates space: you stop. With Cannons at least the
Pirates' Strength: 3 Story Points, 2 Gold Pieces and an Exploration Reward of
a space up to your Cannons (two different ones at the maximum Cannons).
Otherwise spend 3 Provisions for 3 Story Points and 2 Gold Pieces.` + cmdutil.ExitHelp,
		Example: "  bosun rolling pirates --cannons 3 --strength 2",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			t, err := f.Tables()
			if err != nil {
				return err
			}
			p, err := f.Prompter()
			if err != nil {
				return err
			}
			if err := cannonsWithin(rs.Board{Set: t, Prompt: p}, "rolling pirates", map[string]int{"--cannons": opts.Cannons, "--max-cannons": opts.Max}); err != nil {
				return err
			}
			bounds := strengthBounds(map[string]int{"--strength": opts.Strength})
			if opts.Provisions >= 0 {
				bounds = append(bounds, trackBound("--provisions", opts.Provisions, "provisions"))
			}
			if err := boundsWithin(rs.Board{Set: t, Prompt: p}, "rolling pirates", bounds); err != nil {
				return err
			}
			pe, err := rs.Pirates(opts.Cannons, opts.Strength, opts.Max, opts.Provisions)
			if err != nil {
				return err
			}
			return f.Render(pe, func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "%s\nsee: bosun rules show %s\n", pe.Text, strings.Join(pe.Cites, ", "))
				return err
			})
		},
	}
	cmd.Flags().IntVar(&opts.Cannons, "cannons", 0, "your Cannons")
	cmd.Flags().IntVar(&opts.Strength, "strength", 1, "Pirate Strength")
	cmd.Flags().IntVar(&opts.Max, "max-cannons", 7, "the last Cannon of your Cannon Track")
	cmd.Flags().IntVar(&opts.Provisions, "provisions", -1, "Provisions in your hold (-1: no check)")
	return cmd
}

// AmbushOptions are the flags of `bosun rolling ambush`.
type AmbushOptions struct {
	F                          *cmdutil.Factory
	Attacker, Defender         string
	AttCannons, DefCannons     int
	LoserProvisions, LoserGold int
	LoserOption                int
	Unpayable                  string
}

// AmbushView is what `ambush` prints.
type AmbushView struct {
	Battle rs.Battle `json:"battle"`
	Loss   *rs.Loss  `json:"loss,omitempty"`
	Winner string    `json:"winner_reward,omitempty"`
	Loser  string    `json:"loser_loss,omitempty"`
	Tie    string    `json:"tie_reward,omitempty"`
}

// NewCmdAmbush builds `bosun rolling ambush`.
func NewCmdAmbush(f *cmdutil.Factory, runF func(*AmbushOptions) error) *cobra.Command {
	opts := &AmbushOptions{F: f}
	cmd := &cobra.Command{
		Use:   "ambush",
		Short: "Resolve an Ambush Sea Battle with the Exploration Die",
		Long: `Resolve a Sea Battle: the player who drew the Ambush rolls the Exploration
Die (6 wins, 1 loses), then the ambushed player (the same); otherwise each
adds their Cannons and the higher total wins; a tie gives each 2 Story
Points. Rolls are made by bosun (--seed) or entered with --dice physical or
--set rs.ambush.roll.attacker=N --set rs.ambush.roll.defender=N.` + cmdutil.ExitHelp,
		Example: "  bosun rolling ambush --attacker-cannons 2 --defender-cannons 3\n  bosun rolling ambush --set rs.ambush.roll.attacker=4 --set rs.ambush.roll.defender=3 --attacker-cannons 1",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case opts.AttCannons < 0 || opts.DefCannons < 0:
				return referee.Usagef("rolling ambush: Cannons below 0 are not accepted (--attacker-cannons, --defender-cannons: 0 or more)")
			case opts.LoserOption != 1 && opts.LoserOption != 2:
				return referee.Usagef("rolling ambush: --loser-option %d is not accepted; accepted: 1 (1 Provision, 1 Gold Piece) or 2 (1 Provision, 2 Gold Pieces)", opts.LoserOption)
			case opts.Unpayable != "more" && opts.Unpayable != "choose":
				return referee.Usagef("rolling ambush: --unpayable %q is not accepted; accepted: more, choose", opts.Unpayable)
			case opts.LoserProvisions < -1 || opts.LoserGold < 0:
				return referee.Usagef("rolling ambush: --loser-provisions accepts 0 or more (-1: skip the loss), --loser-gold 0 or more")
			}
			if runF != nil {
				return runF(opts)
			}
			return ambushRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Attacker, "attacker", "attacker", "who drew the Ambush")
	fl.StringVar(&opts.Defender, "defender", "defender", "who sailed into it")
	fl.IntVar(&opts.AttCannons, "attacker-cannons", 0, "the attacker's Cannons")
	fl.IntVar(&opts.DefCannons, "defender-cannons", 0, "the defender's Cannons")
	fl.IntVar(&opts.LoserProvisions, "loser-provisions", -1, "the loser's Provisions (to compute the loss; -1: skip)")
	fl.IntVar(&opts.LoserGold, "loser-gold", 0, "the loser's Gold Pieces")
	fl.IntVar(&opts.LoserOption, "loser-option", 1, "the loss the loser chooses: 1 (1 Provision, 1 Gold) or 2 (1 Provision, 2 Gold)")
	fl.StringVar(&opts.Unpayable, "unpayable", "more", "when neither loss can be paid in full: more (rule text) or choose (Turn Summary)")
	return cmd
}

func ambushRun(opts *AmbushOptions) error {
	f := opts.F
	env, err := f.Env()
	if err != nil {
		return err
	}
	if err := cannonsWithin(rs.Board{Set: env.Tables, Prompt: env.Prompt}, "rolling ambush", map[string]int{"--attacker-cannons": opts.AttCannons, "--defender-cannons": opts.DefCannons}); err != nil {
		return err
	}
	bounds := []boardBound{trackBound("--loser-gold", opts.LoserGold, "gold")}
	if opts.LoserProvisions >= 0 {
		bounds = append(bounds, trackBound("--loser-provisions", opts.LoserProvisions, "provisions"))
	}
	if err := boundsWithin(rs.Board{Set: env.Tables, Prompt: env.Prompt}, "rolling ambush", bounds); err != nil {
		return err
	}
	ex, err := referee.LoadDie(env.Tables, env.Prompt, rs.ExplorationDie)
	if err != nil {
		return err
	}
	ar, err := env.Dice.Roll("rs.ambush.roll.attacker", ex)
	if err != nil {
		return err
	}
	dr := 0
	if ar.Value != 1 && ar.Value != 6 {
		r, err := env.Dice.Roll("rs.ambush.roll.defender", ex)
		if err != nil {
			return err
		}
		dr = r.Value
	}
	v := AmbushView{Battle: rs.ResolveBattle(opts.Attacker, opts.Defender, opts.AttCannons, opts.DefCannons, ar.Value, dr)}
	if v.Battle.Tie {
		v.Tie = "each player gains 2 Story Points"
	} else {
		v.Winner = rs.BattleWinnerText
		v.Loser = rs.BattleLoserText
		switch {
		case rs.IsIronside(v.Battle.Loser):
			// He never spends Provisions (rolling-seas/captain-actions/ambush): only Gold is lost.
			v.Loser = rs.IronsideLoserText
			if opts.LoserProvisions >= 0 || opts.LoserGold > 0 {
				l := rs.IronsideLoss(opts.LoserOption, opts.LoserGold)
				v.Loss = &l
			}
		case opts.LoserProvisions >= 0:
			l := rs.BattleLoss(opts.LoserOption, opts.LoserProvisions, opts.LoserGold, opts.Unpayable)
			v.Loss = &l
		}
	}
	return f.Render(v, func(w io.Writer) error {
		b := v.Battle
		fmt.Fprintf(w, "%s rolled %d", b.Attacker, b.AttackerRoll)
		if b.DefenderRoll > 0 {
			fmt.Fprintf(w, ", %s rolled %d", b.Defender, b.DefenderRoll)
		}
		fmt.Fprintf(w, ": %s.\n", b.How)
		if b.Tie {
			fmt.Fprintln(w, "Tie: each player gains 2 Story Points.")
		} else {
			fmt.Fprintf(w, "%s wins: %s.\n%s loses: %s", b.Winner, rs.BattleWinnerText, b.Loser, v.Loser)
			if v.Loss != nil {
				fmt.Fprintf(w, "; here: %s", v.Loss.Text)
			}
			fmt.Fprintln(w, ".")
		}
		fmt.Fprintf(w, "see: bosun rules show %s\n", strings.Join(b.Cites, ", "))
		return nil
	})
}

// cannonsWithin refuses Cannon counts beyond the Cannon Track of a Ship
// Board (the table's cannon.max: 7, "purchasing the seventh Cannon",
// rolling-seas/end-of-game).
func cannonsWithin(b rs.Board, cmd string, given map[string]int) error {
	mx, err := b.MaxCannons()
	if err != nil {
		return err
	}
	for _, fl := range slices.Sorted(maps.Keys(given)) {
		if n := given[fl]; n > mx {
			return referee.RuleError([]string{rs.CiteCannons}, "%s: %s %d is more than the Cannon Track of a Ship Board holds (%s, rs.board.cannon.max); accepted: 0-%d", cmd, fl, n, referee.Count(mx, "Cannon"), mx)
		}
	}
	return nil
}

// boardBound is one flag bounded by a Ship Board value (an rs-board row).
type boardBound struct {
	flag  string
	value int
	key   string // rs-board row, e.g. strength.max
	what  string // what the row is, for the message
	cite  string
}

// boundsWithin refuses a flag beyond the Ship Board value that bounds it
// when bosun knows that value (the tables, the overlay, or an answer given
// ahead such as --set rs.board.track.gold=N); an unknown board value is not
// asked, so a one-shot is not held up for a value it does not need. The
// message names the row, so the value can be corrected.
func boundsWithin(b rs.Board, cmd string, bounds []boardBound) error {
	for _, bd := range bounds {
		r, known := b.Set.Lookup(rs.TableBoard, bd.key)
		if !(known && r.Known()) && !referee.AnsweredAhead(b.Prompt, "rs.board."+bd.key) {
			continue
		}
		mx, err := b.Int(bd.key, bd.what, 1, 200)
		if err != nil {
			return err
		}
		if bd.value > mx {
			return referee.RuleError([]string{bd.cite}, "%s: %s %d is more than %s holds (%d, rs.board.%s); accepted: at most %d", cmd, bd.flag, bd.value, bd.what, mx, bd.key, mx)
		}
	}
	return nil
}

// strengthBounds bounds Sea Monster and Pirate Strength flags by the top
// of the Strength track ("crossing off the next appropriate box on the
// Power Track", rolling-seas/sea-monster-and-pirates-strength).
func strengthBounds(flags map[string]int) []boardBound {
	var out []boardBound
	for _, fl := range slices.Sorted(maps.Keys(flags)) {
		out = append(out, boardBound{fl, flags[fl], "strength.max", "the Sea Monster and Pirates Strength Track", rs.CiteStrength})
	}
	return out
}

// trackBound bounds a count by its Ship Board track (gold, provisions,
// story; rolling-seas/ship-board "The Ship Board tracks").
func trackBound(flag string, value int, track string) boardBound {
	return boardBound{flag, value, "track." + track, "the " + track + " track of a Ship Board", rs.CiteShipBoard}
}

// ExploreOptions are the flags of `bosun rolling explore`.
type ExploreOptions struct {
	F        *cmdutil.Factory
	Die      int
	Monolith int      // 0: not a Monolith; 1-3: which Ancient Monolith this is
	Turn     int      // solo: the turn number (third Monolith reward)
	Rewards  []string // --reward SPACE=REWARDS: board rewards for this run only
}

// ExploreView is what `explore` prints.
type ExploreView struct {
	Spaces        []int             `json:"spaces"`
	Rewards       map[string]string `json:"rewards"`
	Items         map[string]string `json:"reward_items"` // canonical KIND[:N] lists per space
	Monolith      string            `json:"monolith,omitempty"`
	MonolithStory int               `json:"monolith_story_points,omitempty"` // first 1, second 2
	MonolithAward string            `json:"monolith_award,omitempty"`        // solo third Monolith: top, second or bottom
	Outfit        string            `json:"outfit"`
	Cites         []string          `json:"cites"`
}

// NewCmdExplore builds `bosun rolling explore` (alias monolith).
func NewCmdExplore(f *cmdutil.Factory, runF func(*ExploreOptions) error) *cobra.Command {
	opts := &ExploreOptions{F: f}
	cmd := &cobra.Command{
		Use:     "explore",
		Aliases: []string{"monolith"},
		Short:   "The Exploration Rewards you may take, with Ancient Monolith choices",
		Long: `Show the Exploration Reward of the Exploration Die's space, or, at an
Ancient Monolith (--monolith N, the N-th you cross off), the die's space or
either neighbour (6 and 1 wrap) and the Monolith's own reward: 1 Story Point
for the first, 2 for the second, and for the third the Ancient Monoliths
Award (solo: top by turn 15, second on turns 16-20, bottom from turn 21;
otherwise first, second, later finishers; ties take the topmost available).
Board rewards not yet known are asked once (rs.board.exploration.N) and
remembered; --reward N=REWARDS gives the rewards of space N for this run
only, as printed on your Exploration Board (KIND or KIND:N comma-separated,
e.g. 4=gold:4,provision:2). Space 2 is known from the rulebook's example.` + cmdutil.ExitHelp,
		Example: `  # space 2: "1 Cannon, 1 Provision, and 2 Gold Pieces" (the rulebook's Pirates example)
  bosun rolling explore --die 2
  # another space, its rewards read from your Exploration Board for this run
  bosun rolling explore --die 4 --reward 4=gold:4,provision:2
  # the third Ancient Monolith on turn 17 of a solo game: space 2 or a neighbour
  bosun rolling explore --die 2 --monolith 3 --turn 17 --reward 1=gold:3 --reward 3=story:2`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Die < 1 || opts.Die > 6 {
				return referee.Usagef("rolling explore: --die %d is not a face of the Exploration Die; accepted: 1-6", opts.Die)
			}
			if opts.Monolith < 0 || opts.Monolith > 3 {
				return referee.Usagef("rolling explore: --monolith %d is not accepted; accepted: 0 (none) or 1-3", opts.Monolith)
			}
			if opts.Turn < 0 {
				return referee.Usagef("rolling explore: --turn %d is not accepted; accepted: 1 or more (the revealed Adventure Cards)", opts.Turn)
			}
			// A turn reveals one Adventure Deck card and the game ends with
			// the last (rolling-seas/end-of-game); the deck is 25 cards (rolling-seas/setup) and solo
			// play does not add the Ambush cards (rolling-seas/solo-mode).
			if opts.Turn > rs.SoloTurns {
				return referee.RuleError([]string{rs.CiteSetup, rs.CiteEndOfGame, rs.CiteSoloMode}, "rolling explore: --turn %d: a solo game has at most %s (\"You should be left with a 25-card Adventure Deck\"; the game ends with its last card; no Ambush cards in solo); accepted: 1-%d", opts.Turn, referee.Count(rs.SoloTurns, "turn"), rs.SoloTurns)
			}
			if runF != nil {
				return runF(opts)
			}
			return exploreRun(opts)
		},
	}
	cmd.Flags().IntVar(&opts.Die, "die", 0, "the Exploration Die (1-6)")
	cmd.Flags().IntVar(&opts.Monolith, "monolith", 0, "exploring an Ancient Monolith: which one you cross off (1-3)")
	cmd.Flags().IntVar(&opts.Turn, "turn", 0, "solo: the turn number (revealed Adventure Cards)")
	cmd.Flags().StringArrayVar(&opts.Rewards, "reward", nil, "SPACE=REWARDS: the rewards of an Exploration Board space for this run, e.g. 4=gold:4,provision:2 (repeatable)")
	return cmd
}

// givenRewards reads --reward SPACE=REWARDS values into board keys.
func givenRewards(vals []string) (map[string]string, error) {
	out := map[string]string{}
	for _, v := range vals {
		sp, items, ok := strings.Cut(v, "=")
		n, err := strconv.Atoi(strings.TrimSpace(sp))
		if !ok || err != nil || n < 1 || n > 6 {
			return nil, referee.Usagef("rolling explore: --reward %q: write SPACE=REWARDS with SPACE 1-6, e.g. 4=gold:4,provision:2", v)
		}
		if _, err := rs.ParseItems(items, rs.RewardKinds); err != nil {
			return nil, err
		}
		out[fmt.Sprintf("exploration.%d", n)] = items
	}
	return out, nil
}

func exploreRun(opts *ExploreOptions) error {
	f := opts.F
	t, err := f.Tables()
	if err != nil {
		return err
	}
	p, err := f.Prompter()
	if err != nil {
		return err
	}
	given, err := givenRewards(opts.Rewards)
	if err != nil {
		return err
	}
	b := rs.Board{Set: t, Prompt: p, Given: given}
	v := ExploreView{Spaces: []int{opts.Die}, Rewards: map[string]string{}, Items: map[string]string{}, Cites: []string{rs.CiteExplore, rs.CiteExplorationDie},
		Outfit: "You may Outfit Cannons after Exploring (6 Gold Pieces each), before trimming your Hold."}
	if opts.Monolith > 0 {
		v.Spaces = rs.MonolithChoices(opts.Die)
		v.Cites = append(v.Cites, rs.CiteMonoliths)
		switch opts.Monolith {
		case 1, 2:
			v.MonolithStory = rs.MonolithStory(opts.Monolith)
			v.Monolith = fmt.Sprintf("Ancient Monolith %d: %s", opts.Monolith, referee.Count(v.MonolithStory, "Story Point"))
		case 3:
			if opts.Turn > 0 {
				r := rs.SoloMonolithReward(opts.Turn)
				v.MonolithAward = []string{"", "top", "second", "bottom"}[r]
				v.Monolith = fmt.Sprintf("third Ancient Monolith on turn %d (solo): the %s Award", opts.Turn, v.MonolithAward)
				v.Cites = append(v.Cites, rs.CiteSoloMode)
			} else {
				v.Monolith = "third Ancient Monolith: the first to finish take the top Award, the second the second, later ones the bottom; ties take the topmost available"
			}
		}
	}
	for _, s := range v.Spaces {
		it, err := b.Exploration(s)
		if err != nil {
			return err
		}
		v.Rewards[strconv.Itoa(s)] = it.Text()
		v.Items[strconv.Itoa(s)] = it.String()
	}
	return f.Render(v, func(w io.Writer) error {
		var rows [][]string
		for _, s := range v.Spaces {
			rows = append(rows, []string{strconv.Itoa(s), v.Rewards[strconv.Itoa(s)]})
		}
		if err := f.Table(w, []string{"space", "reward"}, rows); err != nil {
			return err
		}
		if v.Monolith != "" {
			fmt.Fprintln(w, v.Monolith+".")
		}
		fmt.Fprintln(w, v.Outfit)
		fmt.Fprintf(w, "see: bosun rules show %s\n", strings.Join(v.Cites, ", "))
		return nil
	})
}

// RankView is what `rank` prints: the Renown and its rank (Min, Max,
// Title, Description).
type RankView struct {
	Renown int `json:"renown"`
	rs.Rank
	Cites []string `json:"cites"`
}

// RankOptions are the flags of `bosun rolling rank`.
type RankOptions struct {
	F      *cmdutil.Factory
	Renown int
}

// NewCmdRank builds `bosun rolling rank`.
func NewCmdRank(f *cmdutil.Factory, runF func(*RankOptions) error) *cobra.Command {
	opts := &RankOptions{F: f}
	cmd := &cobra.Command{
		Use:     "rank RENOWN",
		Aliases: []string{"score"},
		Short:   "The Renown rank title of a final Renown total",
		Long: `Show the Renown rank for a final Renown total (the rulebook's table runs 0-250; bosun ranks above 250 as Master of Stories, and a total below 0, which the
Pirates you did not encounter can bring, as Small-Time Braggart).` + cmdutil.ExitHelp,
		Example: "  bosun rolling rank 162\n  bosun rolling rank -5",
		// A final total can be negative ("Lose 5 Renown for each Pirate you
		// didn't encounter", rolling-seas/end-of-game), and pflag reads -5 as a flag: the
		// flags are parsed here, with signed whole numbers kept as arguments.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			var nums, rest []string
			for _, a := range args {
				if _, err := strconv.Atoi(a); err == nil && strings.HasPrefix(a, "-") {
					nums = append(nums, a)
				} else {
					rest = append(rest, a)
				}
			}
			_ = cmd.InheritedFlags() // merges the persistent flags (--json, --set...) into cmd.Flags()
			if err := cmd.Flags().Parse(rest); err != nil {
				return cmd.FlagErrorFunc()(cmd, err)
			}
			if help, _ := cmd.Flags().GetBool("help"); help {
				return cmd.Help()
			}
			args = append(nums, cmd.Flags().Args()...)
			if len(args) != 1 {
				return referee.Usagef("rolling rank: give one Renown total, e.g. 162 or -5 (got %s)", referee.Count(len(args), "argument"))
			}
			n, err := strconv.Atoi(args[0])
			if err != nil {
				return referee.Usagef("rolling rank: %q is not accepted; accepted: a whole number of Renown (e.g. 162)", args[0])
			}
			opts.Renown = n
			if runF != nil {
				return runF(opts)
			}
			r := rs.RankOf(n)
			v := RankView{Renown: n, Rank: r, Cites: []string{rs.CiteRenownRanks}}
			return f.Render(v, func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "%d Renown: %s. %s\nsee: bosun rules show %s\n", n, rs.RankName(n), r.Description, rs.CiteRenownRanks)
				return err
			})
		},
	}
	return cmd
}

// PortOptions are the flags of `bosun rolling port`.
type PortOptions struct {
	F      *cmdutil.Factory
	In     rs.PortInput
	Prices []string // --cannon-price N=GOLD: price tags for this run only
}

// NewCmdPort builds `bosun rolling port`.
func NewCmdPort(f *cmdutil.Factory, runF func(*PortOptions) error) *cobra.Command {
	opts := &PortOptions{F: f}
	cmd := &cobra.Command{
		Use:   "port",
		Short: "Resolve a Visit a Port action: Tell Your Story, Upgrade, Fill Your Hold, Arm Yourself",
		Long: `Resolve a Visit a Port action in the Turn Summary's order. At a Port not
crossed off yet (--new-port, the default) Tell Your Story: write Renown equal
to your Story Points, then cross off 1 Story Point. --upgrade N buys the next
N Ships (the second 4 Gold Pieces, the third 5). --fill spends 1 Gold Piece
and fills your Hold to its capacity. --buy-cannons N buys the next N Cannons
at their price tags. Ship Board values not known yet are asked once and
remembered (rs.board.cannon.N.price); --cannon-price N=GOLD gives Cannon N's
price tag for this run only, as printed on your Ship Board.` + cmdutil.ExitHelp,
		Example: `  # a new Port: tell the story of 12, buy the second and third Ships, fill the Hold
  bosun rolling port --story 12 --gold 10 --provisions 3 --upgrade 2 --fill
  # a Port already crossed off: buy the first Cannon, its price tag read from your Ship Board
  bosun rolling port --story 4 --new-port=false --gold 5 --buy-cannons 1 --cannon-price 1=4`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return portRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&opts.In.Story, "story", 0, "your Story Points so far")
	fl.IntVar(&opts.In.Ship, "ship", 1, "your Ship level now (1-3)")
	fl.IntVar(&opts.In.Gold, "gold", 0, "your Gold Pieces")
	fl.IntVar(&opts.In.Provisions, "provisions", 0, "the Provisions in your Hold")
	fl.IntVar(&opts.In.Cannons, "cannons", 0, "your Cannons")
	fl.BoolVar(&opts.In.NewPort, "new-port", true, "a Port you have not crossed off: Tell Your Story")
	fl.IntVar(&opts.In.Upgrades, "upgrade", 0, "Ships to buy (0-2)")
	fl.BoolVar(&opts.In.Fill, "fill", false, "Fill Your Hold for 1 Gold Piece")
	fl.IntVar(&opts.In.BuyCannons, "buy-cannons", 0, "Cannons to buy")
	fl.StringArrayVar(&opts.Prices, "cannon-price", nil, "N=GOLD: the price tag of Cannon N on your Cannon Track for this run, e.g. 1=4 (repeatable)")
	return cmd
}

// givenPrices reads --cannon-price N=GOLD values into board keys.
func givenPrices(vals []string) (map[string]string, error) {
	out := map[string]string{}
	for _, v := range vals {
		c, g, ok := strings.Cut(v, "=")
		n, e1 := strconv.Atoi(strings.TrimSpace(c))
		gold, e2 := strconv.Atoi(strings.TrimSpace(g))
		if !ok || e1 != nil || e2 != nil || n < 1 || n > 12 || gold < 0 || gold > 30 {
			return nil, referee.Usagef("rolling port: --cannon-price %q: write N=GOLD with N a Cannon of the track (1-12) and GOLD 0-30, e.g. 1=4", v)
		}
		out[fmt.Sprintf("cannon.%d.price", n)] = strconv.Itoa(gold)
	}
	return out, nil
}

func portRun(opts *PortOptions) error {
	f := opts.F
	t, err := f.Tables()
	if err != nil {
		return err
	}
	p, err := f.Prompter()
	if err != nil {
		return err
	}
	given, err := givenPrices(opts.Prices)
	if err != nil {
		return err
	}
	if err := boundsWithin(rs.Board{Set: t, Prompt: p}, "rolling port", []boardBound{
		trackBound("--story", opts.In.Story, "story"), trackBound("--gold", opts.In.Gold, "gold"), trackBound("--provisions", opts.In.Provisions, "provisions"),
	}); err != nil {
		return err
	}
	r, err := rs.Port(rs.Board{Set: t, Prompt: p, Given: given}, opts.In)
	if err != nil {
		return err
	}
	return f.Render(r, func(w io.Writer) error {
		for _, s := range r.Steps {
			fmt.Fprintln(w, s+".")
		}
		fmt.Fprintf(w, "Now: %s, Ship %d, %s, %s, %s (%d Gold spent).\n", referee.Count(r.Story, "Story Point"), r.Ship, referee.Count(r.Gold, "Gold Piece"), referee.Count(r.Provisions, "Provision"), referee.Count(r.Cannons, "Cannon"), r.Spent)
		fmt.Fprintf(w, "see: bosun rules show %s\n", strings.Join(r.Cites, ", "))
		return nil
	})
}
