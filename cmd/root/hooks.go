package root

import (
	"strings"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/rules"
	"github.com/bosun-referee/bosun/cmd/session"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"
)

// hooks connects the session commands of the tree rooted at root to the
// rest of it.
func hooks(root *cobra.Command, f *cmdutil.Factory) cmdutil.Hooks {
	return cmdutil.Hooks{
		Why:    ruleSentence,
		Search: rules.Answer,
		NextStep: func(f *cmdutil.Factory, s *referee.Session) error {
			_, err := session.NextStep(f, s, nil, nil)
			return err
		},
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
