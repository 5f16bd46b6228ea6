package main

import (
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"bosun": main, "bosun-slowtables": slowTables})
}

// TestScripts runs the end-to-end scripts in testdata/script: the real
// binary in a fresh $WORK, with its data and config dirs inside it.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			repo, err := filepath.Abs("../..")
			if err != nil {
				return err
			}
			env.Setenv("REPO", repo)
			env.Setenv("BOSUN_DATA_DIR", filepath.Join(env.WorkDir, "data"))
			env.Setenv("XDG_CONFIG_HOME", filepath.Join(env.WorkDir, "config"))
			env.Setenv("NO_COLOR", "1")
			return nil
		},
	})
}
