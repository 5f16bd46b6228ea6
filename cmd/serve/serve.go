// Package serve holds `bosun serve`: a session as a live web page for the
// whole table (a TV, a tablet, phones), read-only, on loopback unless
// --lan, where every request needs the printed URL's token.
package serve

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/bosun-referee/bosun/cmd/cmdutil"
	"github.com/bosun-referee/bosun/referee"
	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/skip2/go-qrcode"
	"github.com/spf13/cobra"
)

// DefaultPort is the port bosun serve listens on without --addr.
const DefaultPort = 8737

// Options are the inputs of bosun serve.
type Options struct {
	F       *cmdutil.Factory
	Session string
	Addr    string
	LAN     bool
	Answer  bool
	// Ready, when set, is called with the URL once the server listens
	// (tests).
	Ready func(url string)
}

// NewCmd builds `bosun serve`.
func NewCmd(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "serve [SESSION]",
		Short: "Show a session as a live web page for the whole table",
		Long: fmt.Sprintf(`Serve the current (or named) session as one web page for a TV, a tablet or
phones: the game, round, phase and whose turn, the game's status (as bosun
status shows it, and its JSON), the latest events with the rulebook
sections they rest on (tap one to read it), each battle with its exact
odds before the dice and the luck of the dice that fell, bosun report's
charts so far, and a rules search box that answers as bosun rules search
does for the session's game.

The page is live: a step saved by any bosun process on the session (a next
or play in a terminal) shows on every open page within a second, without
reloading. The server reads the save only when its file changes. It is
read-only: it never takes the session's lock and changes nothing.

With --answer the page runs the steps instead: a button starts the next
step, with the engine, checks and transaction of bosun next (--set and
--answers answer first, as at a terminal), and each question it asks is
shown on every page with its accepted values as buttons and its default;
a refused answer is asked again with the reason. The last step can be
undone from the page as bosun undo does (a step that revealed dice or a
card only when confirmed, and that undo is logged). The server holds the
session until it stops, as bosun play does: a bosun next meanwhile exits 3.
Ctrl-C during a step saves nothing of it.

It listens on 127.0.0.1:%d by default (--addr HOST:PORT to change it) and
refuses an address other devices can reach unless --lan is given. With
--lan it listens on every interface (or the --addr given), prints the URL
with a random token (128 bits) and its QR code, and refuses every request
without that token. The page loads nothing from outside: it works with no
internet at the table. At most %d pages follow it at once. Ctrl-C stops it.`, DefaultPort, MaxClients) + cmdutil.ExitHelp,
		Example: "  bosun serve\n  bosun serve friday --addr 127.0.0.1:9000\n  bosun serve --lan\n  bosun serve --lan --answer",
		Args:    cobra.MaximumNArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return cmdutil.CompleteSessions(f, false)(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				opts.Session = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return run(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Addr, "addr", "", fmt.Sprintf("HOST:PORT to listen on (default 127.0.0.1:%d; with --lan, every interface)", DefaultPort))
	cmd.Flags().BoolVar(&opts.LAN, "lan", false, "serve other devices of the network, with a token in the URL")
	cmd.Flags().BoolVar(&opts.Answer, "answer", false, "run the steps from the page: its questions answered there (holds the session, as a play does)")
	return cmd
}

// listenAddr checks --addr against --lan: without --lan only a loopback
// address is accepted.
func listenAddr(addr string, lan bool) (string, error) {
	if addr == "" {
		if lan {
			return ":" + strconv.Itoa(DefaultPort), nil
		}
		return "127.0.0.1:" + strconv.Itoa(DefaultPort), nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", referee.Usagef("--addr %s: expected HOST:PORT, e.g. 127.0.0.1:%d", cmdutil.Quote(addr), DefaultPort)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return "", referee.Usagef("--addr %s: port %s is not a number from 0 to 65535", cmdutil.Quote(addr), cmdutil.Quote(port))
	}
	if lan {
		return addr, nil
	}
	if host == "localhost" {
		return net.JoinHostPort("127.0.0.1", port), nil
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return "", referee.Usagef("--addr %s: %s is not a loopback address; without --lan bosun serve listens only on 127.0.0.1, localhost or [::1] (give --lan to serve other devices, with a token)", cmdutil.Quote(addr), cmdutil.Quote(host))
	}
	return addr, nil
}

// newToken returns 128 random bits as hex.
func newToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

func run(ctx context.Context, opts *Options) error {
	f := opts.F
	name := opts.Session
	if name == "" {
		var err error
		if name, err = f.SessionName(); err != nil {
			return err
		}
	}
	if err := store.ValidName(name); err != nil {
		return err
	}
	st := f.Store()
	if !st.Exists(name) {
		return referee.Usagef("no session named %q (see bosun sessions)", name)
	}
	addr, err := listenAddr(opts.Addr, opts.LAN)
	if err != nil {
		return err
	}
	t, err := f.Tables()
	if err != nil {
		return err
	}
	lib, err := rulesref.Open(f.DataDir())
	if err != nil {
		return err
	}
	token := ""
	if opts.LAN {
		if token, err = newToken(); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg := Config{
		Store: st, Session: name, Tables: t, Token: token, Loopback: !opts.LAN,
		Search: searcher(f), Section: lib.Section, Context: ctx,
	}
	if opts.Answer {
		// One writer at a time, as today: the server holds the session's
		// lock until it stops, so a bosun next meanwhile exits 3.
		h, err := f.OpenSession(name)
		if err != nil {
			return err
		}
		defer h.Close()
		hs := &held{f: f, h: h, name: name}
		cfg.Step, cfg.Undo = hs.step, hs.undo
	}
	srv, err := New(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("bosun serve: %w (give another port with --addr HOST:PORT)", err)
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
	go srv.Watch(ctx)

	urls := pageURLs(ln.Addr().(*net.TCPAddr), token)
	w := f.IO.Out
	v, _ := srv.current()
	mode := "read-only"
	if opts.Answer {
		mode = "answered from the page (the session is held until the server stops)"
	}
	fmt.Fprint(w, startText(f.IO.Width(), fmt.Sprintf("Serving session %s (%s), %s; Ctrl-C stops.", name, v.GameName, mode), urls, opts.LAN))
	if opts.Ready != nil {
		opts.Ready(urls[0])
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	srv.hub.close() // live pages end, so Shutdown does not wait on them
	// a step in progress ends before the session's lock is let go: its
	// questions are canceled (nothing of it saved), or its save completes
	srv.WaitSteps()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	fmt.Fprintln(w, "Stopped.")
	return nil
}

// held is the session the server holds (--answer): its steps and undos
// run one at a time, each saved whole as bosun next and bosun undo save.
type held struct {
	mu   sync.Mutex
	f    *cmdutil.Factory
	h    *store.Handle
	name string
}

// step runs one step of the held session with the engine, checks and
// transaction of bosun next, its questions asked through ask (after the
// --set and --answers answers, as a terminal is).
func (hs *held) step(ctx context.Context, ask referee.Prompter) error {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	f, h := hs.f, hs.h
	f2 := *f
	io2 := *f.IO
	io2.TTYIn = true
	f2.IO = &io2
	f2.Terminal = func(*cmdutil.IO) referee.Prompter { return ask }
	if f2.Hooks.NextStep == nil {
		return fmt.Errorf("steps cannot be run from the page in this build")
	}
	err := f2.Hooks.NextStep(&f2, h.Session)
	if err == nil {
		err = f2.SaveStep(h)
	}
	if err == nil {
		err = f2.FlushTables()
	}
	if err != nil {
		f2.DiscardTables()
	}
	return err
}

// undo undoes the last step of the held session as bosun undo does
// (referee.UndoStep: a step that revealed dice or a card only with
// force, and the forced undo logged) and saves it; a refused undo changes
// nothing, and one whose save fails leaves the session as saved before.
func (hs *held) undo(force bool) (string, error) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	ev, err := referee.UndoStep(hs.h.Session, force)
	if err != nil {
		return "", err
	}
	if err := hs.f.SaveStep(hs.h); err != nil {
		if s, lerr := hs.f.Store().Load(hs.name); lerr == nil {
			hs.h.Session = s // the undo was not saved: as on disk again
		}
		return "", err
	}
	return ev.Text, nil
}

// pageURLs are the URLs to open: loopback's, or with --lan one per
// address of this machine other devices may reach (the first is the QR
// code's), each with the token.
func pageURLs(a *net.TCPAddr, token string) []string {
	q := ""
	if token != "" {
		q = "?t=" + token
	}
	port := strconv.Itoa(a.Port)
	if !a.IP.IsUnspecified() {
		return []string{"http://" + net.JoinHostPort(a.IP.String(), port) + "/" + q}
	}
	var out []string
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, ad := range addrs {
			ipn, ok := ad.(*net.IPNet)
			if !ok || ipn.IP.IsLoopback() || ipn.IP.To4() == nil || ipn.IP.IsLinkLocalUnicast() {
				continue
			}
			out = append(out, "http://"+net.JoinHostPort(ipn.IP.String(), port)+"/"+q)
		}
	}
	return append(out, "http://"+net.JoinHostPort("127.0.0.1", port)+"/"+q)
}

// startText is what bosun serve prints when it listens, its lines wrapped
// at words to width: the heading, then the URLs. With --lan the QR code
// of the first URL comes last but one, and that URL under it, so that on
// a 24-row terminal the code (21 rows for a LAN URL with its token) and
// the URL it holds are on the screen together; the other URLs are above
// the code.
func startText(width int, heading string, urls []string, lan bool) string {
	var b strings.Builder
	b.WriteString(cmdutil.WrapText(heading, width) + "\n")
	qr := ""
	if lan && len(urls) > 0 {
		qr = qrText(urls[0])
		b.WriteString(cmdutil.WrapText("Anyone with this URL sees the session; the token in it is new each time bosun serve starts.", width) + "\n")
	}
	if qr == "" {
		for _, u := range urls {
			b.WriteString("  " + u + "\n")
		}
		return b.String()
	}
	if len(urls) > 1 {
		b.WriteString("Also on this machine's other addresses:\n")
		for _, u := range urls[1:] {
			b.WriteString("  " + u + "\n")
		}
	}
	b.WriteString(qr)
	b.WriteString("  " + urls[0] + "\n")
	return b.String()
}

// qrText is the QR code of url drawn with half blocks for a terminal
// ("" when it cannot be made). Any IPv4 URL with its token fits version
// 4: 41 columns by 21 rows with its quiet zone, which leaves a row for
// the URL under it on a 24-row terminal.
func qrText(url string) string {
	q, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return ""
	}
	return q.ToSmallString(false)
}

// searcher answers a rules question as bosun play's menu does (bosun
// rules search --brief --limit 3, the session's game first), as plain
// text: the search runs on a copy of the factory whose output is not a
// terminal (no colour codes, 72 columns).
func searcher(f *cmdutil.Factory) func(game, query string) (string, string, error) {
	return func(game, query string) (string, string, error) {
		if f.Hooks.Search == nil {
			return "", "", errors.New("rules search is not in this build")
		}
		var buf bytes.Buffer
		f2 := *f
		f2.IO = &cmdutil.IO{In: bytes.NewReader(nil), Out: &buf, ErrOut: io.Discard, NoColor: true, Cols: 72}
		id, err := f.Hooks.Search(&f2, game, query, &buf)
		return buf.String(), id, err
	}
}
