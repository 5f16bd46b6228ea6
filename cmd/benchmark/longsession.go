package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

// The long-session cases of issue #15: a War for Atraxia session of 3,000
// steps driven by an answers file of varied answers (so the answers cursor
// grows at every step), its common commands as ratios to --help, and
// `sessions` and --session completion with 20 such saves.
const (
	longName  = "long3000"
	longSteps = 3000
	longSaves = 20
)

var only = flag.String("only", "", "run only the cases whose name contains this text (and --help)")

func init() {
	cases = append(cases,
		benchCase{name: "status (3,000-step session)", args: []string{"--data-dir", "{long}", "status", "--session", longName}, relTo: 2},
		benchCase{name: "log (3,000-step session)", args: []string{"--data-dir", "{long}", "log", "--session", longName}, relTo: 2},
		benchCase{name: "export (3,000-step session)", args: []string{"--data-dir", "{long}", "export", longName}, relTo: 3},
		// Each run undoes one more step, then each next runs one again.
		benchCase{name: "undo --force (3,000-step session)", args: []string{"--data-dir", "{long}", "undo", "--force", "--session", longName}, relTo: 2},
		// --set, not the answers file: parsing 24,000 answers of YAML is
		// not what this case measures.
		benchCase{name: "next (3,000-step session)", args: []string{"--data-dir", "{long}", "next", "--session", longName, "--set", "wfa.turn.action=end"}, relTo: 2},
		benchCase{name: "sessions (20 3,000-step saves)", args: []string{"--data-dir", "{long20}", "sessions"}, relTo: 1.5},
		benchCase{name: "Tab completion of --session (20 3,000-step saves)", args: []string{"--data-dir", "{long20}", "__complete", "status", "--session", ""}, relTo: 1.5},
	)
}

// longAnswers writes an answers file with a queue of varied answers for
// the keys a War for Atraxia turn of collecting or ending asks, long
// enough for the session and every benchmark run after it.
func longAnswers(path string) error {
	r := rand.New(rand.NewPCG(15, 3000))
	n := 2 * longSteps
	var b bytes.Buffer
	list := func(key string, pick func() string) {
		items := make([]string, n)
		for i := range items {
			items[i] = pick()
		}
		fmt.Fprintf(&b, "%s: [%s]\n", key, strings.Join(items, ", "))
	}
	list("wfa.turn.action", func() string { return []string{"collect", "end", "collect", "end", "end"}[r.IntN(5)] })
	// Collected OC and AlWood are mostly 0, now and then 1: clans that
	// never spend would otherwise hold more than the box's value-10
	// resource cards allow (bosun refuses that) long before step 3,000.
	rare := func() string {
		if r.IntN(50) == 0 {
			return "1"
		}
		return "0"
	}
	list("wfa.collect.oc", rare)
	list("wfa.collect.alwood", rare)
	// No Ammo: each Ammo card collected stays in the state as a list item,
	// so a hoarding clan's state (and every undo snapshot of it) would grow
	// with the game by the game's own rules, whatever the save format.
	list("wfa.collect.ammo", func() string { return "0" })
	b.WriteString("wfa.turn.continent: no\n")
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// saveBytes is the size of every file of a session's save (the lock
// excepted).
func saveBytes(dir, name string) int64 {
	ents, _ := os.ReadDir(dir)
	var n int64
	for _, e := range ents {
		f := e.Name()
		if !strings.HasPrefix(f, name+".") || strings.HasSuffix(f, ".lock") {
			continue
		}
		if info, err := e.Info(); err == nil {
			n += info.Size()
		}
	}
	return n
}

// prepareLongSession plays the 3,000-step session (printing its save's
// bytes per step and the time a step takes), copies it into 20 saves, and
// points the long-session cases at them.
func prepareLongSession(bin string, env []string, tmp string) error {
	data := filepath.Join(tmp, "long")
	data20 := filepath.Join(tmp, "long20")
	answers := filepath.Join(tmp, "long-answers.yaml")
	for i := range cases {
		for j, a := range cases[i].args {
			a = strings.ReplaceAll(a, "{longanswers}", answers)
			a = strings.ReplaceAll(a, "{long20}", data20)
			cases[i].args[j] = strings.ReplaceAll(a, "{long}", data)
		}
	}
	if *only != "" {
		var keep []benchCase
		for _, bc := range cases {
			if bc.args[0] == "--help" || strings.Contains(bc.name, *only) {
				keep = append(keep, bc)
			}
		}
		cases = keep
	}
	if err := longAnswers(answers); err != nil {
		return err
	}
	var cpu time.Duration // of the last run
	var written int64     // bytes the last run wrote to the disk (rusage output blocks)
	run := func(args ...string) (time.Duration, int64, error) {
		c := exec.Command(bin, append([]string{"--data-dir", data}, args...)...)
		c.Env = env
		c.Stdin = strings.NewReader("")
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		start := time.Now()
		err := c.Run()
		d := time.Since(start)
		if err != nil {
			msg := out.String()
			if len(msg) > 300 {
				msg = msg[len(msg)-300:]
			}
			return d, 0, fmt.Errorf("%v: %v: %s", args, err, msg)
		}
		cpu = c.ProcessState.UserTime() + c.ProcessState.SystemTime()
		var rss int64
		if ru, ok := c.ProcessState.SysUsage().(*syscall.Rusage); ok {
			rss = ru.Maxrss // KiB on Linux
			written = ru.Oublock * 512
		}
		return d, rss, nil
	}
	if _, _, err := run("new", "war-for-atraxia", "--players", "Xanthe:fox,Myles:rhino,Ann:tiger,Bob:ape", "--name", longName, "--seed", "1", "--answers", answers); err != nil {
		return err
	}
	sessions := filepath.Join(data, "sessions")
	sizes := []int64{saveBytes(sessions, longName)}
	fmt.Printf("A %d-step War for Atraxia session (varied answers from a file):\n", longSteps)
	for k := 0; k < 3; k++ {
		d, _, err := run("next", "--session", longName, "--answers", answers, "--steps", fmt.Sprint(longSteps/3))
		if err != nil {
			return err
		}
		sizes = append(sizes, saveBytes(sessions, longName))
		per := float64(sizes[k+1]-sizes[k]) / float64(longSteps/3)
		fmt.Printf("  steps %4d-%4d: %6.1f ms a step (next --steps), save grows %7.1f bytes a step (%6.2f MB in all), %7.1f KB written a step\n",
			k*longSteps/3+1, (k+1)*longSteps/3, float64(d.Microseconds())/1000/float64(longSteps/3), per, float64(sizes[k+1])/(1<<20),
			float64(written)/1024/float64(longSteps/3))
	}
	first, last := float64(sizes[1]-sizes[0]), float64(sizes[3]-sizes[2])
	verdict := "ok"
	if last > 1.1*first {
		verdict = "OVER"
	}
	fmt.Printf("  bytes a step, last 1,000 / first 1,000: %.2f (target at most 1.10) %s\n", last/first, verdict)
	// 20 saves for sessions and completion: copies of this one, renamed.
	dst := filepath.Join(data20, "sessions")
	if err := os.MkdirAll(dst, 0o700); err != nil {
		return err
	}
	ents, err := os.ReadDir(sessions)
	if err != nil {
		return err
	}
	for i := 1; i <= longSaves; i++ {
		name := fmt.Sprintf("long%02d", i)
		for _, e := range ents {
			f := e.Name()
			if !strings.HasPrefix(f, longName+".") || strings.HasSuffix(f, ".lock") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(sessions, f))
			if err != nil {
				return err
			}
			if strings.HasSuffix(f, ".json") {
				b = bytes.Replace(b, []byte(`"name":"`+longName+`"`), []byte(`"name":"`+name+`"`), 1)
			}
			if err := os.WriteFile(filepath.Join(dst, name+strings.TrimPrefix(f, longName)), b, 0o600); err != nil {
				return err
			}
		}
	}
	// Peak memory of one run of each command, and its median CPU time
	// (user + system) as a ratio to that of --help, run in turn with it:
	// on a busy machine wall times mostly measure the other processes.
	const cpuRuns = 11
	medianCPU := func(args ...string) (time.Duration, error) {
		var ts []time.Duration
		for range cpuRuns {
			if _, _, err := run(args...); err != nil {
				return 0, err
			}
			ts = append(ts, cpu)
		}
		sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
		return ts[len(ts)/2], nil
	}
	for _, c := range []struct {
		label string
		args  []string
	}{
		{"status", []string{"status", "--session", longName}},
		{"log", []string{"log", "--session", longName}},
		{"export", []string{"export", longName}},
		{"undo --force", []string{"undo", "--force", "--session", longName}},
		{"next", []string{"next", "--session", longName, "--set", "wfa.turn.action=end"}},
		{"sessions (20)", []string{"--data-dir", data20, "sessions"}},
	} {
		label, args := c.label, c.args
		d, rss, err := run(args...)
		if err != nil {
			return err
		}
		verdict := "ok"
		if rss > 50<<10 {
			verdict = "OVER"
		}
		help, err := medianCPU("--help")
		if err != nil {
			return err
		}
		med, err := medianCPU(args...)
		if err != nil {
			return err
		}
		fmt.Printf("  %-14s peak memory %6.1f MB (target under 50 MB) %s, %.1f ms; CPU %5.1f ms = %.2fx --help's %.1f ms\n",
			label, float64(rss)/1024, verdict, float64(d.Microseconds())/1000, ms1(med), float64(med)/float64(help), ms1(help))
	}
	fmt.Println()
	return nil
}

func ms1(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
