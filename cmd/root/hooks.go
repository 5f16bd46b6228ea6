package root

import (
	"io"
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/rules"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"
)

// hooks connects the session commands of the tree rooted at root to the
// rest of it.
func hooks(root *cobra.Command, f *cmdutil.Factory) cmdutil.Hooks {
	return cmdutil.Hooks{
		Why:    ruleSentence,
		Search: searchRules,
		RunCommand: func(args []string) error {
			// A copy of the factory with its own globals and viper: building a
			// root binds flags to them, which must not reset the play command's.
			g := *f.G
			f2 := *f
			f2.G, f2.V = &g, viper.New()
			c := NewCmdRoot(&f2)
			c.SetArgs(args)
			return c.Execute()
		},
		BeforeComplete: func() { _ = initConfig(root, f) },
	}
}

// searchRules answers a rules question for the play menu with bosun rules
// search, and returns the id of the section it showed first.
func searchRules(f *cmdutil.Factory, game, query string, w io.Writer) (string, error) {
	c := rules.NewCmdSearch(f, nil)
	args := []string{"--limit", "3", "--brief", query}
	if game != "" {
		args = append(args, "--game", game)
	}
	c.SetArgs(args)
	c.SetOut(w)
	c.SilenceUsage, c.SilenceErrors = true, true
	if err := c.Execute(); err != nil {
		return "", err
	}
	o := rulesref.SearchOptions{Limit: 1}
	if game != "" {
		o.Games = []string{game}
	}
	if res := rulesref.Search(query, o); len(res) > 0 {
		return res[0].ID, nil
	}
	return "", nil
}

// ruleSentence returns the title path of a cited section and the opening
// of its text, for bosun log --why.
func ruleSentence(id string) string {
	s, ok := rulesref.Section(id)
	if !ok {
		return "(no such section)"
	}
	text := strings.Join(strings.Fields(s.Text), " ")
	if t := strings.TrimSpace(strings.TrimPrefix(text, s.Title)); t != "" {
		text = t
	}
	const max = 280
	if len(text) > max {
		cut := strings.LastIndex(text[:max], " ")
		if cut < max/2 {
			cut = max
		}
		text = text[:cut] + " …"
	}
	return s.Path + " — " + text
}
