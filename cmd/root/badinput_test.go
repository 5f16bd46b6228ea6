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
	"github.com/gofrs/flock"
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

const emptySHA = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

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
		// prints: the command prints events before it fails (next prints
		// a step's events as they happen), so stdout is not empty.
		prints bool
	}{
		{"stdin line over 64 KiB", func(t *testing.T, data, config, tmp string) []string {
			return []string{"roll", "d6", "--dice", "physical"}
		}, strings.Repeat("x", 70<<10) + "\n3\n", 2, "line 1 is longer than the limit of 64 KiB for one answer", false},
		{"answers file over 16 MiB", func(t *testing.T, data, config, tmp string) []string {
			return []string{"roll", "d6", "--answers", sparse(t, filepath.Join(tmp, "big.yaml"), 16<<20+1)}
		}, "", 2, "is larger than the limit of 16 MiB", false},
		{"manual over 16 MiB", func(t *testing.T, data, config, tmp string) []string {
			return []string{"rules", "add", sparse(t, filepath.Join(tmp, "big.txt"), 16<<20+1), "--game", "mw"}
		}, "", 2, "is larger than the limit of 16 MiB (a manual is plain text, at most 16 MiB)", false},
		{"manual from a device", func(t *testing.T, data, config, tmp string) []string {
			return []string{"rules", "add", "/dev/zero", "--game", "mw"}
		}, "", 2, "/dev/zero is a device, expected a regular file", false},
		{"manual record pointing out of the data dir: remove", func(t *testing.T, data, config, tmp string) []string {
			badRecord(t, data, tmp)
			return []string{"rules", "remove", "victim"}
		}, "", 2, `file "../../victim.txt" is not a .txt file name inside rules/`, false},
		{"manual record pointing out of the data dir: search", func(t *testing.T, data, config, tmp string) []string {
			badRecord(t, data, tmp)
			// A corrupt file of the data dir exits 1, as a corrupt save does.
			return []string{"rules", "search", "secret", "--game", "mw"}
		}, "", 1, `is not a .txt file name inside rules/`, false},
		{"hand-edited answers cursor", func(t *testing.T, data, config, tmp string) []string {
			editSave(t, data, func(m map[string]any) {
				m["answers_cursor"] = map[string]any{"used": map[string]any{"misty.weather.tile.move": -7}}
			})
			return []string{"next", "--session", "s1", "--answers", twoPlayers}
		}, "", 2, `used["misty.weather.tile.move"] is -7; accepted: 0 to`, false},
		{"FIFO save: status", func(t *testing.T, data, config, tmp string) []string {
			require.NoError(t, syscall.Mkfifo(filepath.Join(data, "sessions", "f1.json"), 0o600))
			return []string{"status", "--session", "f1"}
		}, "", 2, "is a FIFO, expected a regular file", false},
		{"symlinked lock", func(t *testing.T, data, config, tmp string) []string {
			lock := filepath.Join(data, "sessions", "s1.json.lock")
			os.Remove(lock)
			require.NoError(t, os.Symlink(filepath.Join(tmp, "created-by-bosun"), lock))
			return []string{"next", "--session", "s1", "--answers", twoPlayers}
		}, "", 1, "is a symbolic link", false},
		{"symlinked save", func(t *testing.T, data, config, tmp string) []string {
			p := filepath.Join(data, "sessions", "s1.json")
			b, _ := os.ReadFile(p)
			require.NoError(t, os.WriteFile(filepath.Join(tmp, "elsewhere.json"), b, 0o600))
			require.NoError(t, os.Remove(p))
			require.NoError(t, os.Symlink(filepath.Join(tmp, "elsewhere.json"), p))
			return []string{"status", "--session", "s1"}
		}, "", 2, "is a symbolic link", false},
		// Issue 26 item 1: a save whose side files disagree with it is
		// refused by every command with exit 2, naming the file.
		{"save without its log_file record: next", func(t *testing.T, data, config, tmp string) []string {
			editSave(t, data, func(m map[string]any) { delete(m, "log_file") })
			return []string{"next", "--session", "s1", "--answers", twoPlayers}
		}, "", 2, "the save has no log_file record, which every schema-4 save holds to say how far s1.log goes", false},
		{"save without its undo_file record: undo", func(t *testing.T, data, config, tmp string) []string {
			editSave(t, data, func(m map[string]any) { delete(m, "undo_file") })
			return []string{"undo", "--session", "s1", "--force"}
		}, "", 2, "the save has no undo_file record", false},
		{"save relabelled schema 3: next", func(t *testing.T, data, config, tmp string) []string {
			editSave(t, data, func(m map[string]any) { m["schema"] = 3 })
			return []string{"next", "--session", "s1", "--answers", twoPlayers}
		}, "", 2, "the save file says schema 3 but holds log_file and undo_file records, which only schema 4 writes", false},
		{"save relabelled schema 3: status", func(t *testing.T, data, config, tmp string) []string {
			editSave(t, data, func(m map[string]any) { m["schema"] = 3 })
			return []string{"status", "--session", "s1"}
		}, "", 2, "says schema 3 but holds log_file", false},
		{"one event fewer recorded: export", func(t *testing.T, data, config, tmp string) []string {
			editSave(t, data, func(m map[string]any) {
				r := m["log_file"].(map[string]any)
				r["events"] = r["events"].(float64) - 1
			})
			return []string{"export", "s1"}
		}, "", 2, "s1.log holds more than the", false},
		{"log lines swapped: export", func(t *testing.T, data, config, tmp string) []string {
			editSide(t, data, ".log", func(b []byte) []byte {
				l := bytes.SplitAfter(b, []byte("\n"))
				require.Greater(t, len(l), 3)
				l[0], l[1] = l[1], l[0]
				return bytes.Join(l, nil)
			})
			return []string{"export", "s1"}
		}, "", 2, "s1.log was changed since it was saved", false},
		{"log line edited: log", func(t *testing.T, data, config, tmp string) []string {
			editSide(t, data, ".log", func(b []byte) []byte { return bytes.Replace(b, []byte(`"seq":2`), []byte(`"seq":7`), 1) })
			return []string{"log", "--session", "s1"}
		}, "", 2, "s1.log was changed since it was saved", false},
		{"log shorter than recorded: status", func(t *testing.T, data, config, tmp string) []string {
			editSide(t, data, ".log", func(b []byte) []byte { return b[:len(b)-10] })
			return []string{"status", "--session", "s1"}
		}, "", 2, "s1.log is shorter than the", false},
		{"log missing: next", func(t *testing.T, data, config, tmp string) []string {
			require.NoError(t, os.Remove(filepath.Join(data, "sessions", "s1.log")))
			return []string{"next", "--session", "s1", "--answers", twoPlayers}
		}, "", 2, "s1.log is missing; the save records", false},
		// Issue 26 item 5: a side file with a second name is refused as a
		// link is (an append would reach the other name).
		{"log hard-linked: next", func(t *testing.T, data, config, tmp string) []string {
			require.NoError(t, os.Link(filepath.Join(data, "sessions", "s1.log"), filepath.Join(tmp, "other-name")))
			return []string{"next", "--session", "s1", "--answers", twoPlayers}
		}, "", 2, "s1.log has 2 hard links, expected 1", false},
		{"log hard-linked: status", func(t *testing.T, data, config, tmp string) []string {
			require.NoError(t, os.Link(filepath.Join(data, "sessions", "s1.log"), filepath.Join(tmp, "other-name")))
			return []string{"status", "--session", "s1"}
		}, "", 2, "s1.log has 2 hard links, expected 1", false},
		{"salvage into itself", func(t *testing.T, data, config, tmp string) []string {
			return []string{"salvage", "s1", "--to", "s1"}
		}, "", 2, "--to s1 is the session itself", false},
		{"overlay ammo faces not numbers", func(t *testing.T, data, config, tmp string) []string {
			overlay(t, config, "dice:\n  ammo:\n    value: a,b,c,d,e,f\n")
			return []string{"roll", "ammo:3"}
		}, "", 2, `tables.yaml: table dice, key ammo: face "a" is not a number of dots; accepted:`, false},
		{"overlay ammo faces negative", func(t *testing.T, data, config, tmp string) []string {
			overlay(t, config, "dice:\n  ammo:\n    value: -5,-5,-5,-5,-5,-5\n")
			return []string{"roll", "ammo:3"}
		}, "", 2, `face "-5" is not a number of dots`, false},
		{"overlay ammo 20 digits", func(t *testing.T, data, config, tmp string) []string {
			overlay(t, config, "dice:\n  ammo:\n    value: 12345678901234567890,1,1,1,1,1\n")
			return []string{"roll", "ammo:3"}
		}, "", 2, `face "12345678901234567890" is not a number of dots`, false},
		{"overlay direction garbage", func(t *testing.T, data, config, tmp string) []string {
			overlay(t, config, "dice:\n  direction:\n    value: garbage\n")
			return []string{"roll", "direction"}
		}, "", 2, `key direction: face "garbage" is not a Direction Dice face; accepted: MAIN>TOPLEFT|TOPRIGHT`, false},
		{"entered ammo faces out of range", func(t *testing.T, data, config, tmp string) []string {
			return []string{"roll", "ammo:3", "--set", "tables.dice.ammo=1,2,99"}
		}, "", 2, "99", false},
		// Item 7: a value is quoted at most 80 characters, escaped.
		{"10 MB answer", func(t *testing.T, data, config, tmp string) []string {
			return []string{"roll", "d6", "--dice", "physical", "--set", "roll.d6=" + strings.Repeat("7", 10<<20)}
		}, "", 2, `dice: "` + strings.Repeat("7", 77) + `..." is not a face of the d6 (1-6)`, false},
		{"100 KB player name with escapes", func(t *testing.T, data, config, tmp string) []string {
			n := "\x1b]0;x\x07" + strings.Repeat("P", 100<<10)
			return []string{"new", "misty-waters", "--players", n + ":red," + n + ":blue", "--name", "s2"}
		}, "", 2, `players: "\x1b]0;x\a` + strings.Repeat("P", 71) + `..." appears twice`, false},
		{"long escaped --set without =", func(t *testing.T, data, config, tmp string) []string {
			return []string{"roll", "d6", "--set", "\x1b[2J" + strings.Repeat("k", 1<<20)}
		}, "", 2, `--set "\x1b[2J` + strings.Repeat("k", 73) + `...": expected key=value`, false},
		{"long --option", func(t *testing.T, data, config, tmp string) []string {
			return []string{"new", "misty-waters", "--players", "Ann:red,Bob:blue", "--name", "s3", "--option", strings.Repeat("o", 1<<20)}
		}, "", 2, `--option "` + strings.Repeat("o", 77) + `...": expected KEY=VALUE`, false},
		{"long --answers path", func(t *testing.T, data, config, tmp string) []string {
			return []string{"roll", "d6", "--answers", filepath.Join(tmp, strings.Repeat("a", 250), strings.Repeat("b", 250))}
		}, "", 2, "--answers: open ", false},
		// Item 8: no HOME, no XDG: refuse instead of writing into the
		// current directory.
		{"HOME and XDG unset", func(t *testing.T, data, config, tmp string) []string {
			for _, v := range []string{"HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "BOSUN_DATA_DIR"} {
				t.Setenv(v, "")
			}
			return []string{"sessions"}
		}, "", 2, "HOME is not set, so bosun cannot tell where to keep the data dir", false},
		// Item 9: a session held by another process, and a colour no
		// nation has.
		{"session in use", func(t *testing.T, data, config, tmp string) []string {
			l := flock.New(filepath.Join(data, "sessions", "s1.json.lock"))
			ok, err := l.TryLock()
			require.True(t, ok, "%v", err)
			t.Cleanup(func() { l.Unlock() })
			return []string{"next", "--session", "s1", "--answers", twoPlayers}
		}, "", 3, "session s1 is in use by another bosun process (waited 1s); nothing was done: run the command again once the other one is done", false},
		{"misty colour no nation has", func(t *testing.T, data, config, tmp string) []string {
			return []string{"new", "misty-waters", "--players", "Ann:purple,Bob:blue", "--name", "s2", "--answers", twoPlayers}
		}, "", 2, `Nation Flag "purple" is not a nation's colour`, false},
		// Item 4 (and 3): a symlinked tables.yaml.lock is not followed,
		// and the step that needed it is not saved.
		{"symlinked tables lock", func(t *testing.T, data, config, tmp string) []string {
			require.NoError(t, os.MkdirAll(filepath.Join(config, "bosun"), 0o700))
			require.NoError(t, os.Symlink(filepath.Join(tmp, "created-by-bosun"), filepath.Join(config, "bosun", "tables.yaml.lock")))
			return []string{"next", "--session", "s1", "--answers", twoPlayers}
		}, "", 1, "tables.yaml.lock is a symbolic link", true},
		// Issue 26 item 4: report -o writes regular files only.
		{"report -o a directory", func(t *testing.T, data, config, tmp string) []string {
			require.NoError(t, os.Mkdir(filepath.Join(tmp, "r.md"), 0o700))
			return []string{"report", "s1", "-o", filepath.Join(tmp, "r.md")}
		}, "", 2, `r.md" is a directory; accepted: a new or a regular file`, false},
		{"report -o a symbolic link", func(t *testing.T, data, config, tmp string) []string {
			require.NoError(t, os.WriteFile(filepath.Join(tmp, "target.html"), []byte("mine"), 0o600))
			require.NoError(t, os.Symlink(filepath.Join(tmp, "target.html"), filepath.Join(tmp, "r.html")))
			return []string{"report", "s1", "-o", filepath.Join(tmp, "r.html")}
		}, "", 2, `r.html" is a symbolic link; accepted: a new or a regular file`, false},
		{"report -o a FIFO", func(t *testing.T, data, config, tmp string) []string {
			require.NoError(t, syscall.Mkfifo(filepath.Join(tmp, "r.md"), 0o600))
			return []string{"report", "s1", "-o", filepath.Join(tmp, "r.md")}
		}, "", 2, `r.md" is a FIFO; accepted: a new or a regular file`, false},
		{"report -o a character device", func(t *testing.T, data, config, tmp string) []string {
			// A null device of the test's own where it may be made (root):
			// a bosun that replaced devices replaces this one, not
			// /dev/null. Elsewhere /dev/null, which a user cannot replace.
			dev := filepath.Join(tmp, "null")
			if err := syscall.Mknod(dev, syscall.S_IFCHR|0o600, 1<<8|3); err != nil {
				dev = "/dev/null"
			}
			return []string{"report", "s1", "-o", dev}
		}, "", 2, `null" is a device; accepted: a new or a regular file`, false},
		// Issue 26 item 5.
		{"--set with an empty value", func(t *testing.T, data, config, tmp string) []string {
			return []string{"next", "--session", "s1", "--answers", twoPlayers, "--set", "misty.player.Ann.attack="}
		}, "", 2, "--set misty.player.Ann.attack=: the value for misty.player.Ann.attack is empty; accepted: one of: none, pirate-1", true},
		{"rules add with a 5,000-character title", func(t *testing.T, data, config, tmp string) []string {
			man := filepath.Join(tmp, "expansion.txt")
			require.NoError(t, os.WriteFile(man, []byte("Empires Expansion Rules\nNation Abilities\nEngland: English ships gain a bonus.\n"), 0o600))
			return []string{"rules", "add", man, "--game", "mw", "--title", strings.Repeat("T", 5000)}
		}, "", 2, `..." is 5000 characters long; accepted: at most 200`, false},
		{"overlay value null", func(t *testing.T, data, config, tmp string) []string {
			overlay(t, config, "dice:\n  ammo:\n    value: null\n")
			return []string{"roll", "ammo:3"}
		}, "", 2, "table dice, key ammo: a value is missing (null); accepted: the faces", false},
		{"overlay face null", func(t *testing.T, data, config, tmp string) []string {
			overlay(t, config, "dice:\n  ammo:\n    value: [1, null, 3]\n")
			return []string{"roll", "ammo:3"}
		}, "", 2, "table dice, key ammo: face 2 of 3 is missing (null)", false},
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
			if !r.prints {
				assert.Empty(t, out)
			}
			assert.NotContains(t, errOut, "\x1b", "no raw escape on stderr")
			after := hashTree(t, dir)
			for p, h := range after {
				// An empty lock file is not state: bosun new takes the lock
				// of the session it is about to create before it checks the
				// players (removing a lock file others may wait on is a race).
				if _, ok := before[p]; !ok && strings.HasSuffix(p, ".lock") && h == emptySHA {
					delete(after, p)
				}
			}
			assert.Equal(t, before, after, "no file changed")
			if strings.Contains(r.name, "manual record") {
				assert.FileExists(t, filepath.Join(dir, "victim.txt"))
			}
			assert.NoFileExists(t, filepath.Join(tmp, "created-by-bosun"))
			assert.NoDirExists(t, ".local", "nothing written into the current directory")
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

func editSide(t *testing.T, data, ext string, edit func([]byte) []byte) {
	p := filepath.Join(data, "sessions", "s1"+ext)
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(p, edit(b), 0o600))
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
	code, _, errOut := runHere(t, "", "new", "misty-waters", "--players", evil+":red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "s1", "--answers", twoPlayers, "--set", "misty.setup.base."+evil+"=NE", "--set", "misty.setup.base.Bob=SW")
	require.Equal(t, 0, code, errOut)
	for _, args := range [][]string{{"status"}, {"log"}, {"sessions"}} {
		code, out, errOut := runHere(t, "", args...)
		require.Equal(t, 0, code, errOut)
		assert.NotContains(t, out+errOut, "\x1b", "bosun %v", args)
		assert.NotContains(t, out+errOut, "\x07", "bosun %v", args)
	}
	code, out, _ := runHere(t, "", "status")
	require.Equal(t, 0, code)
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

// TestFilesArePrivateAndLeftoversCleaned (issue 14 item 8): rules add as
// the first command makes the data dir and rules/ 0700 and its files 0600;
// the temp files a killed process left (older than a minute) in the data
// dir, sessions/, rules/ and the config dir are removed by the next
// command that writes there, fresh ones are left to their writer; and a
// data dir open to others is reported with the fix.
func TestFilesArePrivateAndLeftoversCleaned(t *testing.T) {
	dir := t.TempDir()
	data, config := filepath.Join(dir, "data"), filepath.Join(dir, "config")
	t.Setenv("BOSUN_DATA_DIR", data)
	t.Setenv("XDG_CONFIG_HOME", config)
	man := filepath.Join(dir, "expansion.txt")
	require.NoError(t, os.WriteFile(man, []byte("Empires Expansion Rules\nNation Abilities\nEngland: English ships gain a zephyrine bonus.\n"), 0o644))
	code, _, errOut := runHere(t, "", "rules", "add", man, "--game", "mw")
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runHere(t, "", "new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "s1", "--answers", twoPlayers)
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runHere(t, "", "next", "--to-end", "--answers", twoPlayers)
	require.Equal(t, 0, code, errOut)
	require.FileExists(t, filepath.Join(config, "bosun", "tables.yaml"))
	n := 0
	require.NoError(t, filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		require.NoError(t, err)
		if p == dir || p == man {
			return nil
		}
		info, err := e.Info()
		require.NoError(t, err)
		want := fs.FileMode(0o600)
		if e.IsDir() {
			want = 0o700
		}
		assert.Equal(t, want, info.Mode().Perm(), p)
		n++
		return nil
	}))
	assert.Greater(t, n, 8, "saves, locks, current, tables.yaml, manuals and their dirs")
	assert.NotContains(t, errOut, "warning")

	// Leftovers of killed writers, one old and one fresh in each dir.
	old := time.Now().Add(-2 * time.Minute)
	var stale, fresh []string
	for _, p := range []string{
		filepath.Join(data, ".tmp-current-123"),
		filepath.Join(data, "sessions", ".tmp-s1.json-456"),
		filepath.Join(data, "rules", ".tmp-789"),
		filepath.Join(config, "bosun", ".tmp-tables.yaml-42"),
	} {
		require.NoError(t, os.WriteFile(p, []byte("half"), 0o600))
		require.NoError(t, os.Chtimes(p, old, old))
		stale = append(stale, p)
		require.NoError(t, os.WriteFile(p+"0", []byte("being written"), 0o600))
		fresh = append(fresh, p+"0")
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "other.txt"), []byte("Other Rules\nA rule.\n"), 0o600))
	code, _, errOut = runHere(t, "", "rules", "add", filepath.Join(dir, "other.txt"), "--game", "mw")
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runHere(t, "", "new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "s2", "--answers", twoPlayers)
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runHere(t, "", "roll", "ammo:2", "--set", "tables.dice.ammo=1,2,3,4,5,6")
	require.Equal(t, 0, code, errOut)
	for _, p := range stale {
		assert.NoFileExists(t, p, "a stale temp file is removed")
	}
	for _, p := range fresh {
		assert.FileExists(t, p, "a fresh temp file belongs to a running writer")
	}

	// A data dir open to others is reported, and left as it is.
	require.NoError(t, os.Chmod(data, 0o755))
	code, _, errOut = runHere(t, "", "sessions")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, errOut, "bosun: warning: data dir "+data+" is open to other users (mode 0755), and bosun leaves an existing directory as it is: run chmod 700 "+data)
}

// TestUndoJSONPrintsTheEventAsLogged (issue 14 item 9): bosun undo --json
// prints the undo event with the seq and step the log records.
func TestUndoJSONPrintsTheEventAsLogged(t *testing.T) {
	misty(t)
	code, _, errOut := runHere(t, "", "next", "--steps", "3", "--answers", twoPlayers)
	require.Equal(t, 0, code, errOut)
	code, out, errOut := runHere(t, "", "undo", "--json", "--force")
	require.Equal(t, 0, code, errOut)
	var res struct {
		Step   int
		Events []struct {
			Seq, Step int
			Type      string
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.Len(t, res.Events, 1)
	code, out, errOut = runHere(t, "", "log", "--json")
	require.Equal(t, 0, code, errOut)
	var log []struct {
		Seq, Step int
		Type      string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &log))
	require.NotEmpty(t, log, "log --json: %.300s", out)
	last := log[len(log)-1]
	assert.Equal(t, "undo", last.Type)
	assert.Equal(t, last, res.Events[0])
	assert.Greater(t, res.Events[0].Seq, 3)
	assert.Equal(t, 3, res.Events[0].Step, "step 3 undone, logged at step 3")
}

// TestSalvageKeepsWhatCanBeTrusted (issue 26 item 1): a session refused
// for an edited log is salvaged into a new one holding its state and the
// log up to the first line that cannot be trusted, and says what it
// dropped; the new session plays on, the old one is left as it is.
func TestSalvageKeepsWhatCanBeTrusted(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	t.Setenv("BOSUN_DATA_DIR", data)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	code, _, errOut := runHere(t, "", "new", "misty-waters", "--players", "Ann:red,Bob:blue", "--option", "components=none", "--seed", "3", "--name", "s1", "--answers", twoPlayers)
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runHere(t, "", "next", "--steps", "3", "--answers", twoPlayers)
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runHere(t, "", "status", "--json")
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(filepath.Join(data, "sessions", "s1.log"))
	require.NoError(t, err)
	all := bytes.Count(b, []byte("\n"))
	editSide(t, data, ".log", func(b []byte) []byte {
		l := bytes.SplitAfter(b, []byte("\n"))
		l[4], l[5] = l[5], l[4]
		return bytes.Join(l, nil)
	})
	code, _, errOut = runHere(t, "", "log", "--session", "s1")
	require.Equal(t, 2, code, errOut)
	assert.Contains(t, errOut, "bosun salvage s1 saves what can be trusted")
	before := hashTree(t, filepath.Join(data, "sessions", "s1.json"), filepath.Join(data, "sessions", "s1.log"), filepath.Join(data, "sessions", "s1.undo"))

	code, out, errOut := runHere(t, "", "salvage", "s1")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "Salvaged session s1 into s1-salvaged: step 4, 4 events of the log.")
	assert.Contains(t, out, fmt.Sprintf("Dropped: %d of the log's %d events, from the first that cannot be trusted (line 5 has seq 6, expected 5).", all-4, all))
	assert.Contains(t, out, "Dropped: the undo history (3 snapshots)")
	assert.Equal(t, before, hashTree(t, filepath.Join(data, "sessions", "s1.json"), filepath.Join(data, "sessions", "s1.log"), filepath.Join(data, "sessions", "s1.undo")), "s1 is left as it is")

	for _, args := range [][]string{{"log"}, {"export"}, {"status"}, {"next", "--answers", twoPlayers}} {
		code, _, errOut = runHere(t, "", args...)
		require.Equal(t, 0, code, "bosun %v on the salvaged session: %s", args, errOut)
	}
	code, _, errOut = runHere(t, "", "salvage", "s1")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `a session named "s1-salvaged" exists`)
}
