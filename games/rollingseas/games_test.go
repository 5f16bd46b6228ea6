package rollingseas

import (
	"os"
	"path/filepath"
	"testing"
)

// TestScriptedGames replays each testdata answers file from setup to the
// final score with the physical Captain Ironside deck and compares the log
// with its golden file.
func TestScriptedGames(t *testing.T) {
	for _, g := range games {
		t.Run(g.file, func(t *testing.T) {
			if *update {
				generate(t, g)
			}
			p := loadAnswers(t, filepath.Join("testdata", g.file+".yaml"))
			s, events := play(t, g.players, g.options, p, newTables(t), 1)
			if !s.Over {
				t.Fatal("not over")
			}
			st := &State{}
			if err := s.LoadState(st); err != nil {
				t.Fatal(err)
			}
			if st.Turn != st.Deck.Size {
				t.Errorf("turns = %d, want the deck size %d", st.Turn, st.Deck.Size)
			}
			wantScores := len(g.players)
			if st.Iron != nil {
				wantScores++
			}
			if len(st.Scores) != wantScores {
				t.Errorf("scores = %d, want %d", len(st.Scores), wantScores)
			}
			for _, ev := range events {
				if len(ev.Cites) == 0 && ev.Type != "dice" {
					t.Errorf("event without citation: %s %q", ev.Type, ev.Text)
				}
			}
			golden := filepath.Join("testdata", g.file+".golden")
			got := logText(events)
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if string(want) != got {
				t.Errorf("log differs from %s (rerun with -update after checking)", golden)
			}
		})
	}
}
