package serve

import (
	"bytes"
	"context"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"errors"
	"html/template"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bosun-referee/bosun/referee/store"
	"github.com/bosun-referee/bosun/rulesref"
	"github.com/bosun-referee/bosun/tables"
)

// Limits of the server: everything a request can make it hold is bounded.
const (
	// MaxClients is how many pages may follow the session live at once
	// (Server-Sent Events); one more is refused with 503.
	MaxClients = 32
	// MaxBody is the largest request body accepted (a search question);
	// a larger one is refused with 413.
	MaxBody = 4 << 10
	// MaxQuery is the longest rules question and MaxID the longest
	// section id accepted.
	MaxQuery = 500
	MaxID    = 200
	// DefaultTick is how often the save file is looked at (a stat: no
	// read while nothing changes).
	DefaultTick = 250 * time.Millisecond
	// heartbeat keeps an idle live connection open through proxies and
	// tells the server when a page went away.
	heartbeat = 15 * time.Second
)

//go:embed assets
var assets embed.FS

var page = template.Must(template.New("page.html").Funcs(template.FuncMap{"side": sideClass, "secURL": sectionURL, "chartURL": chartURL}).ParseFS(assets, "assets/page.html"))

// Config is what a Server serves.
type Config struct {
	Store   *store.Store
	Session string
	// Tables are the data tables the game's status reads.
	Tables *tables.Set
	// Token, when not empty, must be on every request (?t=TOKEN, or the
	// X-Bosun-Token header): refused with 401 without it.
	Token string
	// Loopback refuses requests whose Host is not a loopback name or
	// address (a page of another site reaching the server through DNS
	// rebinding); served on 127.0.0.1 without a token.
	Loopback bool
	// Search answers a rules question as `bosun rules search --brief`
	// does for the session's game: the text shown and the id of the
	// section shown first.
	Search func(game, query string) (text, answer string, err error)
	// Section returns a rulebook section by id.
	Section func(id string) (rulesref.SectionInfo, bool)
	// MaxClients bounds the live connections (0: MaxClients).
	MaxClients int
	// Tick is how often the save is looked at (0: DefaultTick).
	Tick time.Duration
	// Step, when set (--answer), runs one step of the session the
	// server holds, asking its questions on the pages: POST /api/next
	// starts one, POST /api/answer answers its question.
	Step Stepper
	// Undo, when set (--answer), undoes the last step of the session the
	// server holds as bosun undo does (force: bosun undo --force) and
	// returns the undo's event text: POST /api/undo.
	Undo func(force bool) (string, error)
	// Context ends a running step (Ctrl-C): it is canceled, not saved.
	Context context.Context
}

// Server serves one session's page.
type Server struct {
	c    Config
	hub  *hub
	mu   sync.Mutex // the current view and what the save looked like
	view *View
	msg  []byte // view as JSON
	seen os.FileInfo
	// checking serializes the looks at the save (Check); build reads
	// the session and makes its view (buildView; tests slow it down).
	checking sync.Mutex
	build    func(st *store.Store, name string, t *tables.Set) (*View, error)
	// searching serializes rules searches (CPU-bound; one at a time).
	searching sync.Mutex
	ans       *answerer
	ctx       context.Context
}

// New reads the session once and returns its server.
func New(c Config) (*Server, error) {
	if c.MaxClients <= 0 {
		c.MaxClients = MaxClients
	}
	if c.Tick <= 0 {
		c.Tick = DefaultTick
	}
	s := &Server{c: c, hub: newHub(c.MaxClients), ctx: c.Context, build: buildView}
	if s.ctx == nil {
		s.ctx = context.Background()
	}
	if c.Step != nil {
		s.ans = &answerer{answers: make(chan postedAnswer, 8)}
	}
	fi, _ := os.Stat(c.Store.Path(c.Session))
	v, err := buildView(c.Store, c.Session, c.Tables)
	if err != nil {
		return nil, err
	}
	s.seen = fi
	s.set(v)
	return s, nil
}

// set makes v the current view when it differs from it, and pushes it.
func (s *Server) set(v *View) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// the answerer's state is read under the view's lock (s.mu, then
	// a.mu; nothing takes them the other way round), so of two pushes the
	// one that read the newer question state is the one pushed last
	s.withAnswer(v)
	if s.view != nil {
		v.Version = s.view.Version
		old, _ := json.Marshal(s.view)
		if now, _ := json.Marshal(v); bytes.Equal(old, now) {
			return
		}
	}
	v.Version++
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	s.view, s.msg = v, b
	s.hub.publish(b)
}

// View returns the view the pages show now and its JSON.
func (s *Server) View() (*View, []byte) { return s.current() }

// current returns the current view and its JSON.
func (s *Server) current() (*View, []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.view, s.msg
}

// Check looks at the save once: when its file changed (another size,
// time or file: a save replaces it), the session is read again and the
// view pushed to every page. It reports whether the file changed.
func (s *Server) Check() bool {
	// one look at a time (the watcher's, and a step's or an undo's with
	// --answer), so that a view read from an older save is never pushed
	// after one read from a newer save
	s.checking.Lock()
	defer s.checking.Unlock()
	fi, err := os.Stat(s.c.Store.Path(s.c.Session))
	s.mu.Lock()
	prev := s.seen
	same := err == nil && prev != nil && os.SameFile(prev, fi) && prev.Size() == fi.Size() && prev.ModTime().Equal(fi.ModTime())
	if err == nil {
		s.seen = fi
	}
	s.mu.Unlock()
	if same || err != nil && prev == nil {
		return false
	}
	if err != nil {
		// the session was removed (bosun rm): say so, keep the last view
		s.mu.Lock()
		s.seen = nil
		s.mu.Unlock()
		s.fail("the session's save is gone: " + err.Error())
		return true
	}
	v, err := s.build(s.c.Store, s.c.Session, s.c.Tables)
	if err != nil {
		s.fail(err.Error())
		return true
	}
	s.set(v)
	return true
}

// fail keeps the last view with the reason the save could not be read.
func (s *Server) fail(reason string) {
	cur, _ := s.current()
	v := *cur
	v.Error = reason
	s.set(&v)
}

// Watch looks at the save every Tick until ctx is done, then closes
// every live connection.
func (s *Server) Watch(ctx context.Context) {
	t := time.NewTicker(s.c.Tick)
	defer t.Stop()
	defer s.hub.close()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.Check()
		}
	}
}

// Clients is the number of pages following the session live.
func (s *Server) Clients() int { return s.hub.count() }

// Handler is the server's HTTP handler: every route behind the host,
// token and body checks.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.handlePage)
	mux.HandleFunc("GET /app.js", s.static("assets/app.js", "text/javascript; charset=utf-8"))
	mux.HandleFunc("GET /app.css", s.static("assets/app.css", "text/css; charset=utf-8"))
	mux.HandleFunc("GET /favicon.svg", s.static("assets/favicon.svg", "image/svg+xml"))
	mux.HandleFunc("GET /api/view", s.handleView)
	mux.HandleFunc("GET /api/events", s.handleEvents)
	mux.HandleFunc("GET /api/section", s.handleSection)
	mux.HandleFunc("GET /api/chart", s.handleChart)
	mux.HandleFunc("POST /api/search", s.handleSearch)
	if s.ans != nil {
		mux.HandleFunc("POST /api/next", s.handleNext)
		mux.HandleFunc("POST /api/answer", s.handleAnswer)
		if s.c.Undo != nil {
			mux.HandleFunc("POST /api/undo", s.handleUndo)
		}
	}
	return s.guard(mux)
}

// guard refuses what no route may get: another host's name (loopback
// mode), a missing or wrong token, a body over MaxBody, a cross-origin
// POST; and sets the headers every answer carries.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		if s.c.Loopback && !loopbackHost(r.Host) {
			http.Error(w, "bosun serve answers only to 127.0.0.1, localhost and [::1] (start it with --lan to serve other devices)", http.StatusMisdirectedRequest)
			return
		}
		if s.c.Token != "" && !s.tokenOK(r) {
			http.Error(w, "this page needs the token of the URL bosun serve printed (?t=...)", http.StatusUnauthorized)
			return
		}
		if r.ContentLength > MaxBody {
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		if r.Method != http.MethodGet && r.Method != http.MethodHead && !sameOrigin(r) {
			http.Error(w, "cross-origin request refused", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) tokenOK(r *http.Request) bool {
	got := r.Header.Get("X-Bosun-Token")
	if got == "" {
		got = r.URL.Query().Get("t")
	}
	return subtle.ConstantTimeCompare([]byte(got), []byte(s.c.Token)) == 1
}

// loopbackHost reports whether a Host header names this machine's
// loopback: localhost, or a loopback address.
func loopbackHost(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = strings.Trim(hostport, "[]")
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// sameOrigin reports whether a state-changing request comes from the
// server's own page: the browser's Sec-Fetch-Site when it sends one,
// else the Origin header against the Host. A request with neither (not
// from a browser) passes: it carries the token on the LAN.
func sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		return site == "same-origin"
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	return origin == "http://"+r.Host
}

func (s *Server) static(name, ctype string) http.HandlerFunc {
	b, err := assets.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ctype)
		_, _ = w.Write(b)
	}
}

// sectionURL is the link of a cited section's JSON.
func sectionURL(token, id string) string {
	q := url.Values{"id": {id}}
	if token != "" {
		q.Set("t", token)
	}
	return "/api/section?" + q.Encode()
}

// chartURL is the link of a chart's picture (its rev in it, so that a
// new drawing is fetched anew).
func chartURL(token string, c ChartView) string {
	q := url.Values{"id": {c.ID}, "v": {c.Rev}}
	if token != "" {
		q.Set("t", token)
	}
	return "/api/chart?" + q.Encode()
}

// pageData is what page.html is rendered from.
type pageData struct {
	*View
	Token string
	// Q is the query string every link and request of the page carries
	// (the token, or nothing).
	Q string
}

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	v, _ := s.current()
	q := ""
	if s.c.Token != "" {
		q = "?t=" + s.c.Token
	}
	var buf bytes.Buffer
	if err := page.Execute(&buf, pageData{View: v, Token: s.c.Token, Q: q}); err != nil {
		http.Error(w, "page: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(buf.Bytes())
}

func (s *Server) handleView(w http.ResponseWriter, r *http.Request) {
	_, b := s.current()
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(b)
}

// handleEvents streams the view as Server-Sent Events: the current one
// at once, then each new one as the save changes.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	ch, ok := s.hub.join()
	if !ok {
		w.Header().Set("Retry-After", "5")
		http.Error(w, "too many live pages on this server (at most the number bosun serve allows); close one and reload", http.StatusServiceUnavailable)
		return
	}
	defer s.hub.leave(ch)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	_, cur := s.current()
	send := func(b []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		var err error
		if b == nil {
			_, err = w.Write([]byte(": ping\n\n"))
		} else {
			_, err = w.Write(append(append([]byte("retry: 1000\nevent: view\ndata: "), b...), '\n', '\n'))
		}
		return err == nil && rc.Flush() == nil
	}
	if !send(cur) {
		return
	}
	ping := time.NewTicker(heartbeat)
	defer ping.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case b, open := <-ch:
			if !open || !send(b) {
				return
			}
		case <-ping.C:
			if !send(nil) {
				return
			}
		}
	}
}

// handleChart draws one of the current view's charts (GET
// /api/chart?id=ID) as an SVG image: the report's drawing
// (chartsvg.Image), from the session as last read.
func (s *Server) handleChart(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	v, _ := s.current()
	for _, c := range v.Charts {
		if c.ID == id && c.svg != nil {
			w.Header().Set("Content-Type", "image/svg+xml")
			_, _ = w.Write(c.svg)
			return
		}
	}
	jsonError(w, http.StatusNotFound, "no chart "+strconv.Quote(id)+" to draw (the view's charts list the ids)")
}

// SectionView is what GET /api/section returns.
type SectionView struct {
	ID    string          `json:"id"`
	Game  string          `json:"game"`
	Path  string          `json:"path"`
	Title string          `json:"title"`
	Text  string          `json:"text"`
	Notes []rulesref.Note `json:"notes,omitempty"`
}

func (s *Server) handleSection(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	if id == "" || len(id) > MaxID || s.c.Section == nil {
		jsonError(w, http.StatusBadRequest, "give a section id (as in an event's cites), at most 200 characters")
		return
	}
	sec, ok := s.c.Section(id)
	if !ok {
		jsonError(w, http.StatusNotFound, "no rulebook section "+id)
		return
	}
	writeJSON(w, SectionView{ID: sec.ID, Game: sec.Game, Path: sec.Path, Title: sec.Title, Text: sec.Full, Notes: sec.Notes})
}

// SearchRequest is the body of POST /api/search; SearchResult its answer.
type SearchRequest struct {
	Q string `json:"q"`
}

// SearchResult is a rules search as `bosun rules search --brief` prints it.
type SearchResult struct {
	Query  string `json:"query"`
	Text   string `json:"text"`
	Answer string `json:"answer,omitempty"`
}

func (s *Server) handleSearch(w http.ResponseWriter, r *http.Request) {
	var req SearchRequest
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(&req); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			jsonError(w, http.StatusRequestEntityTooLarge, "request body too large")
			return
		}
		jsonError(w, http.StatusBadRequest, `expected {"q": "a rules question"}`)
		return
	}
	q := strings.TrimSpace(req.Q)
	if q == "" || len(q) > MaxQuery || s.c.Search == nil {
		jsonError(w, http.StatusBadRequest, "give a rules question of 1 to 500 characters")
		return
	}
	v, _ := s.current()
	s.searching.Lock()
	text, answer, err := s.c.Search(v.Game, q)
	s.searching.Unlock()
	if err != nil {
		jsonError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, SearchResult{Query: q, Text: text, Answer: answer})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(v)
}

func jsonError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// hub hands each new view to every live page. A page's channel holds one
// view: a page slower than the saves gets the newest (each view is whole).
type hub struct {
	mu      sync.Mutex
	max     int
	clients map[chan []byte]struct{}
	closed  bool
}

func newHub(max int) *hub { return &hub{max: max, clients: map[chan []byte]struct{}{}} }

func (h *hub) join() (chan []byte, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed || len(h.clients) >= h.max {
		return nil, false
	}
	ch := make(chan []byte, 1)
	h.clients[ch] = struct{}{}
	return ch, true
}

func (h *hub) leave(ch chan []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.clients[ch]; ok {
		delete(h.clients, ch)
		close(ch)
	}
}

func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.clients)
}

func (h *hub) publish(b []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.clients {
		select {
		case ch <- b:
		default:
			select { // full: the newer view replaces the one not sent yet
			case <-ch:
			default:
			}
			ch <- b
		}
	}
}

func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for ch := range h.clients {
		delete(h.clients, ch)
		close(ch)
	}
}
