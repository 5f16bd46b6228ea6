package session

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/games/all"
	"github.com/bosun-referee/bosun/referee"
	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"
)

// StatusView is what `bosun status` prints.
type StatusView struct {
	Session string            `json:"session"`
	Game    string            `json:"game"`
	Players []referee.Player  `json:"players"`
	Options map[string]string `json:"options,omitempty"`
	Step    int               `json:"step"`
	Over    bool              `json:"over"`
	Dice    referee.Mode      `json:"dice"`
	Status  any               `json:"status"`
}

// NewCmdStatus builds `bosun status`.
func NewCmdStatus(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "status",
		Short:   "Show the current session's state",
		Long:    "Show the session's round, phase and everything the referee tracks." + cmdutil.ExitHelp,
		Example: "  bosun status\n  bosun status --session friday --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return loadSession(f, "", false, true, func(s *referee.Session) error {
				g, err := all.Lookup(s.Game)
				if err != nil {
					return err
				}
				env, err := sessionEnv(f, s, nil)
				if err != nil {
					return err
				}
				st, err := g.Status(s, env)
				if err != nil {
					return err
				}
				v := StatusView{Session: s.Name, Game: s.Game, Players: s.Players, Options: s.Options, Step: s.Step, Over: s.Over, Dice: s.DiceMode, Status: st}
				return f.Render(v, func(w io.Writer) error {
					fmt.Fprintf(w, "%s — session %s, step %d", all.Info(s.Game).Name, s.Name, s.Step)
					if s.Over {
						fmt.Fprint(w, " (game over)")
					}
					fmt.Fprintln(w)
					var ps []string
					for _, p := range s.Players {
						if p.Side != "" {
							ps = append(ps, p.Name+" ("+p.Side+")")
						} else {
							ps = append(ps, p.Name)
						}
					}
					fmt.Fprintln(w, "Players: "+strings.Join(ps, ", "))
					return writeView(w, st)
				})
			})
		},
	}
}

// writeView prints a game's status view: its Text(), or the view as YAML
// when the text is empty.
func writeView(w io.Writer, v referee.StatusView) error {
	if t := v.Text(); t != "" {
		_, err := fmt.Fprintln(w, t)
		return err
	}
	// Through JSON, so the text view uses the same field names (and
	// omits the same empty fields) as --json, in the struct's order.
	js, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var node yaml.Node
	if err := yaml.Unmarshal(js, &node); err != nil {
		return err
	}
	blockStyle(&node)
	b, err := yaml.Marshal(&node)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// blockStyle turns JSON's flow style into YAML's indented block style,
// keeping short lists of plain values on one line.
func blockStyle(n *yaml.Node) {
	n.Style &^= yaml.FlowStyle | yaml.DoubleQuotedStyle
	short := n.Kind == yaml.SequenceNode && len(n.Content) <= 12
	for _, c := range n.Content {
		blockStyle(c)
		if c.Kind != yaml.ScalarNode {
			short = false
		}
	}
	if short {
		n.Style |= yaml.FlowStyle
	}
}
