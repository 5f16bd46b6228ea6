package main

import (
	"os"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/misty"
	"github.com/bosun-referee/bosun/cmd/root"
)

func main() {
	io := cmdutil.System()
	f := cmdutil.New(io)
	cmd := root.NewCmdRoot(f)
	cmd.AddCommand(misty.NewCmd(f))
	cmd.SetArgs(os.Args[1:])
	os.Exit(root.Execute(cmd, f))
}
