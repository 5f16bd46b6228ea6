package root_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/cmd/root"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hashTree hashes every regular file under dirs (links and FIFOs by name
// only), so a test sees whether a failed command changed any file.
func hashTree(t *testing.T, dirs ...string) map[string]string {
	out := map[string]string{}
	for _, d := range dirs {
		_ = filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return nil
			}
			if !e.Type().IsRegular() {
				out[p] = e.Type().String()
				return nil
			}
			b, _ := os.ReadFile(p)
			out[p] = fmt.Sprintf("%x", sha256.Sum256(b))
			return nil
		})
	}
	return out
}

// sparse makes a file of n bytes without writing them.
func sparse(t *testing.T, path string, n int64) string {
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(n))
	f.Close()
	return path
}

// TestBadInputsFailCleanly runs bosun in-process on one bad input per row
// (issue 14): each exits with the expected code and message, within a few
// seconds (no hang), and changes no file of the data and config dirs.
func TestBadInputsFailCleanly(t *testing.T) {
	rows := []struct {
		name  string
		setup func(t *testing.T, data, config, tmp string) []string // returns the args
		stdin string
		code  int
		msg   string
	}{
		{"stdin line over 64 KiB", func(t *testing.T, data, config, tmp string) []string {
			return []string{"roll", "d6", "--dice", "physical"}
		}, strings.Repeat("x", 70<<10) + "\n3\n", 2, "line 1 is longer than the limit of 64 KiB for one answer"},
		{"answers file over 16 MiB", func(t *testing.T, data, config, tmp string) []string {
			return []string{"roll", "d6", "--answers", sparse(t, filepath.Join(tmp, "big.yaml"), 16<<20+1)}
		}, "", 2, "is larger than the limit of 16 MiB"},
		{"manual over 16 MiB", func(t *testing.T, data, config, tmp string) []string {
			return []string{"rules", "add", sparse(t, filepath.Join(tmp, "big.txt"), 16<<20+1), "--game", "mw"}
		}, "", 2, "is larger than the limit of 16 MiB (a manual is plain text, at most 16 MiB)"},
		{"manual from a device", func(t *testing.T, data, config, tmp string) []string {
			return []string{"rules", "add", "/dev/zero", "--game", "mw"}
		}, "", 2, "/dev/zero is a device, expected a regular file"},
		{"manual record pointing out of the data dir: remove", func(t *testing.T, data, config, tmp string) []string {
			badRecord(t, data, tmp)
			return []string{"rules", "remove", "victim"}
		}, "", 2, `file "../../victim.txt" is not a .txt file name inside rules/`},
		{"manual record pointing out of the data dir: search", func(t *testing.T, data, config, tmp string) []string {
			badRecord(t, data, tmp)
			// A corrupt file of the data dir exits 1, as a corrupt save does.
			return []string{"rules", "search", "secret", "--game", "mw"}
		}, "", 1, `is not a .txt file name inside rules/`},
		{"hand-edited answers cursor", func(t *testing.T, data, config, tmp string) []string {
			editSave(t, data, func(m map[string]any) {
				m["answers_cursor"] = map[string]any{"used": map[string]any{"misty.weather.tile.move": -7}}
			})
			return []string{"next", "--session", "s1", "--answers", twoPlayers}
		}, "", 1, `used["misty.weather.tile.move"] is -7; accepted: 0 to`},
		{"FIFO save: status", func(t *testing.T, data, config, tmp string) []string {
			require.NoError(t, syscall.Mkfifo(filepath.Join(data, "sessions", "f1.json"), 0o600))
			return []string{"status", "--session", "f1"}
		}, "", 1, "is a FIFO, expected a regular file"},
		{"symlinked lock", func(t *testing.T, data, config, tmp string) []string {
			lock := filepath.Join(data, "sessions", "s1.json.lock")
			os.Remove(lock)
			require.NoError(t, os.Symlink(filepath.Join(tmp, "created-by-bosun"), lock))
			return []string{"next", "--session", "s1", "--answers", twoPlayers}
		}, "", 1, "is a symbolic link"},
		{"symlinked save", func(t *testing.T, data, config, tmp string) []string {
			p := filepath.Join(data, "sessions", "s1.json")
			b, _ := os.ReadFile(p)
			require.NoError(t, os.WriteFile(filepath.Join(tmp, "elsewhere.json"), b, 0o600))
			require.NoError(t, os.Remove(p))
			require.NoError(t, os.Symlink(filepath.Join(tmp, "elsewhere.json"), p))
			return []string{"status", "--session", "s1"}
		}, "", 1, "is a symbolic link"},
		{"overlay ammo faces not numbers", func(t *testing.T, data, config, tmp string) []string {
			overlay(t, config, "dice:\n  ammo:\n    value: a,b,c,d,e,f\n")
			return []string{"roll", "ammo:3"}
		}, "", 2, `tables.yaml: table dice, key ammo: face "a" is not a number of dots; accepted:`},
		{"overlay ammo faces negative", func(t *testing.T, data, config, tmp string) []string {
			overlay(t, config, "dice:\n  ammo:\n    value: -5,-5,-5,-5,-5,-5\n")
			return []string{"roll", "ammo:3"}
		}, "", 2, `face "-5" is not a number of dots`},
		{"overlay ammo 20 digits", func(t *testing.T, data, config, tmp string) []string {
			overlay(t, config, "dice:\n  ammo:\n    value: 12345678901234567890,1,1,1,1,1\n")
			return []string{"roll", "ammo:3"}
		}, "", 2, `face "12345678901234567890" is not a number of dots`},
		{"overlay direction garbage", func(t *testing.T, data, config, tmp string) []string {
			overlay(t, config, "dice:\n  direction:\n    value: garbage\n")
			return []string{"roll", "direction"}
		}, "", 2, `key direction: face "garbage" is not a Direction Dice face; accepted: MAIN>TOPLEFT|TOPRIGHT`},
		{"entered ammo faces out of range", func(t *testing.T, data, config, tmp string) []string {
			return []string{"roll", "ammo:3", "--set", "tables.dice.ammo=1,2,99"}
		}, "", 2, "99"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			dir := t.TempDir()
			data, config, tmp := filepath.Join(dir, "data"), filepath.Join(dir, "config"), filepath.Join(dir, "tmp")
			require.NoError(t, os.MkdirAll(tmp, 0o700))
			t.Setenv("BOSUN_DATA_DIR", data)
			t.Setenv("XDG_CONFIG_HOME", config)
			// A saved Misty Waters session, s1, two steps in.
			code, _, errOut := runHere(t, "", "new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "s1", "--answers", twoPlayers)
			require.Equal(t, 0, code, errOut)
			args := r.setup(t, data, config, tmp)
			before := hashTree(t, dir)
			done := make(chan struct{})
			var out string
			go func() {
				defer close(done)
				code, out, errOut = runHere(t, r.stdin, args...)
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("bosun %v hung", args)
			}
			assert.Equal(t, r.code, code, "stderr: %s", errOut)
			assert.Contains(t, errOut, r.msg)
			assert.Less(t, len(errOut), 2000, "the message quotes no input in full")
			assert.Empty(t, out)
			assert.Equal(t, before, hashTree(t, dir), "no file changed")
			if strings.Contains(r.name, "manual record") {
				assert.FileExists(t, filepath.Join(dir, "victim.txt"))
			}
			assert.NoFileExists(t, filepath.Join(tmp, "created-by-bosun"))
		})
	}
}

func runHere(t *testing.T, stdin string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	f := cmdutil.New(&cmdutil.IO{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut})
	cmd := root.NewCmdRoot(f)
	cmd.SetArgs(args)
	code := root.Execute(cmd, f)
	return code, out.String(), errOut.String()
}

func badRecord(t *testing.T, data, tmp string) {
	victim := filepath.Join(filepath.Dir(data), "victim.txt") // rules/../../victim.txt
	require.NoError(t, os.WriteFile(victim, []byte("Secret\n\nsecret text outside the data dir\n"), 0o600))
	rules := filepath.Join(data, "rules")
	require.NoError(t, os.MkdirAll(rules, 0o700))
	rec := fmt.Sprintf(`{"game":"misty-waters","title":"victim","id":"misty-waters/victim","file":%q,"sections":1}`, "../../victim.txt")
	require.NoError(t, os.WriteFile(filepath.Join(rules, "misty-waters--victim.json"), []byte(rec), 0o600))
}

func editSave(t *testing.T, data string, edit func(map[string]any)) {
	p := filepath.Join(data, "sessions", "s1.json")
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	edit(m)
	b, _ = json.Marshal(m)
	require.NoError(t, os.WriteFile(p, b, 0o600))
}

func overlay(t *testing.T, config, body string) {
	require.NoError(t, os.MkdirAll(filepath.Join(config, "bosun"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(config, "bosun", "tables.yaml"), []byte(body), 0o600))
}

// TestAStepWhoseOverlayCannotBeWrittenIsNotSaved: with the config dir
// unusable (here tables.yaml.lock is a directory, which fails even for
// root, as a full or read-only disk would), the step that remembers a board
// value fails with exit 1 and is not saved: run again once the dir is
// usable, the same step asks the value again and remembers it.
func TestAStepWhoseOverlayCannotBeWrittenIsNotSaved(t *testing.T) {
	session, overlayPath := misty(t)
	require.NoError(t, os.MkdirAll(filepath.Dir(overlayPath), 0o700))
	require.NoError(t, os.Mkdir(overlayPath+".lock", 0o700))
	code, _, errOut := runHere(t, "", "next", "--to-end", "--answers", twoPlayers)
	assert.Equal(t, 1, code, errOut)
	assert.Contains(t, errOut, "tables")
	assert.NoFileExists(t, overlayPath)
	var saved struct{ Step int }
	b, err := os.ReadFile(session)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &saved))
	failedStep := saved.Step

	require.NoError(t, os.Remove(overlayPath+".lock"))
	code, _, errOut = runHere(t, "", "next", "--answers", twoPlayers)
	require.Equal(t, 0, code, errOut)
	b, err = os.ReadFile(overlayPath)
	require.NoError(t, err, "the step that failed remembers its board value when run again")
	assert.NotEmpty(t, b)
	b, _ = os.ReadFile(session)
	require.NoError(t, json.Unmarshal(b, &saved))
	assert.Equal(t, failedStep+1, saved.Step)
}

// TestNamesAreShownEscaped: a player name with terminal escape sequences,
// from the command line or from a hand-edited save, reaches stdout and
// stderr escaped (\x1b), never raw; a long one is quoted at most 80
// characters in a message.
func TestNamesAreShownEscaped(t *testing.T) {
	t.Setenv("BOSUN_DATA_DIR", filepath.Join(t.TempDir(), "data"))
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	evil := "Ann\x1b[2J\x1b]0;pwned\x07"
	code, out, errOut := runHere(t, "", "new", "misty-waters", "--players", evil+":red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "s1", "--answers", twoPlayers, "--set", "misty.setup.base."+evil+"=NE", "--set", "misty.setup.base.Bob=SW")
	require.Equal(t, 0, code, errOut)
	for _, args := range [][]string{{"status"}, {"log"}, {"sessions"}} {
		code, out, errOut = runHere(t, "", args...)
		require.Equal(t, 0, code, errOut)
		assert.NotContains(t, out+errOut, "\x1b", "bosun %v", args)
		assert.NotContains(t, out+errOut, "\x07", "bosun %v", args)
	}
	code, out, _ = runHere(t, "", "status")
	assert.Contains(t, out, `Ann\x1b[2J\x1b]0;pwned\x07`)

	// In a message: escaped and cut.
	code, _, errOut = runHere(t, "", "new", "misty-waters", "--players", evil+":red,"+evil+":blue", "--name", "s2")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `"Ann\x1b[2J\x1b]0;pwned\a" appears twice`)
	assert.NotContains(t, errOut, "\x1b")
	long := strings.Repeat("N", 100<<10)
	code, _, errOut = runHere(t, "", "new", "misty-waters", "--players", long+":red,"+long+":blue", "--name", "s3")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `"`+strings.Repeat("N", 77)+`..." appears twice`)
	assert.Less(t, len(errOut), 400)
	code, _, errOut = runHere(t, "", "status", "--session", "\x1b[2J"+long)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `session name "\x1b[2J`+strings.Repeat("N", 73)+`..." is not accepted`)
	assert.Less(t, len(errOut), 400)
}
