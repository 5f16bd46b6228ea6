package root

import (
	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
)

// TerminalPrompter asks questions at the terminal with promptui.
func TerminalPrompter(io *cmdutil.IO) referee.Prompter { return cmdutil.NewTerminal(io) }
