// Package tablescmd holds `bosun tables`.
package tablescmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/tables"
	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"
)

// Summary is one line of `bosun tables`.
type Summary struct {
	Name    string `json:"name"`
	Title   string `json:"title"`
	Game    string `json:"game,omitempty"`
	Rows    int    `json:"rows"`
	Unknown int    `json:"unknown"`
}

// NewCmd builds `bosun tables`.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "tables [NAME]",
		Short: "Show the data tables and where each value came from",
		Long: `Without NAME, list bosun's data tables. With NAME, show each row with its
value and provenance: rulebook (the rule it rests on), board (printed on a
component; unknown ones are asked once and remembered), assumed (bosun's
documented reading) or user (your answer, kept in tables.yaml in the config
dir, which overrides any row).` + cmdutil.ExitHelp,
		Example: "  bosun tables\n  bosun tables dice\n  bosun tables dice --json",
		Args:    cobra.MaximumNArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			set, err := tables.New("", nil)
			if err != nil || len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return set.Names(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			set, err := f.Tables()
			if err != nil {
				return err
			}
			if len(args) == 0 {
				var out []Summary
				for _, n := range set.Names() {
					t, _ := set.Table(n)
					s := Summary{Name: n, Title: t.Title, Game: t.Game, Rows: len(t.Rows)}
					for _, r := range t.Rows {
						if !r.Known() {
							s.Unknown++
						}
					}
					out = append(out, s)
				}
				return f.Render(out, func(w io.Writer) error {
					var rows [][]string
					for _, s := range out {
						rows = append(rows, []string{s.Name, s.Game, s.Title, fmt.Sprint(s.Rows), fmt.Sprint(s.Unknown)})
					}
					return f.Table(w, []string{"TABLE", "GAME", "TITLE", "ROWS", "UNKNOWN"}, rows)
				})
			}
			t, ok := set.Table(args[0])
			if !ok {
				return referee.Usagef("no table named %q; accepted: %s", args[0], strings.Join(set.Names(), ", "))
			}
			return f.Render(t, func(w io.Writer) error {
				fmt.Fprintf(w, "%s — %s\n", t.Name, t.Title)
				if t.Description != "" {
					fmt.Fprintln(w, strings.TrimSpace(t.Description))
				}
				var rows [][]string
				for _, r := range t.Rows {
					val := "(unknown: asked once)"
					if r.Known() {
						if list, isList := r.Value.([]any); isList {
							parts := make([]string, len(list))
							for i, it := range list {
								parts[i] = fmt.Sprint(it)
							}
							val = strings.Join(parts, ", ")
						} else {
							b, _ := yaml.Marshal(r.Value)
							val = strings.TrimSpace(string(b))
						}
					}
					from := r.Ref
					if r.Note != "" {
						from = strings.TrimSpace(r.Note)
					}
					if !r.Known() && r.Where != "" {
						from = "read it from " + r.Where
					}
					rows = append(rows, []string{r.Key, val, r.Source, from})
				}
				return f.Table(w, []string{"KEY", "VALUE", "SOURCE", "FROM"}, rows)
			})
		},
	}
}
