package referee_test

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var specs = []referee.OptionSpec{
	{Key: "pirates", Kind: referee.OptionYesNo, Default: "no"},
	{Key: "coop", Kind: referee.OptionChoice, Values: []string{"no", "easy", "hard"}, Default: "no"},
	{Key: "deck", Kind: referee.OptionChoice, Values: []string{"physical", "virtual"}, Default: "physical"},
	{Key: "ambush", Kind: referee.OptionChoice, Values: []string{"off", "on"}, Default: "off"},
	{Key: "parts", Kind: referee.OptionSet, Values: []string{"temple", "taverns", "events"}, Default: "all"},
	{Key: "extras", Kind: referee.OptionSet, Values: []string{"a", "b"}},
	{Key: "covered", Kind: referee.OptionNumber, Min: 1, Max: 6, Default: "6"},
	{Key: "rounds", Kind: referee.OptionNumber, Min: 1},
	{Key: "teams", Kind: referee.OptionText, Help: "two teams, e.g. Ann+Cy,Bob+Dan"},
}

func TestParseOptions(t *testing.T) {
	tests := []struct {
		name    string
		given   map[string]string
		want    map[string]string // the keys checked
		wantErr string
	}{
		{name: "defaults", given: nil,
			want: map[string]string{"pirates": "no", "coop": "no", "deck": "physical", "parts": "temple,taverns,events", "extras": "", "covered": "6", "rounds": "", "teams": ""}},
		{name: "empty value is the default", given: map[string]string{"deck": " ", "covered": "", "ambush": ""},
			want: map[string]string{"deck": "physical", "covered": "6", "ambush": "off"}},
		{name: "an empty yes-no is the switch on", given: map[string]string{"pirates": ""}, want: map[string]string{"pirates": "yes"}},
		{name: "yes and no words pick on and off", given: map[string]string{"ambush": "Yes"}, want: map[string]string{"ambush": "on"}},
		{name: "yes words", given: map[string]string{"pirates": "ON"}, want: map[string]string{"pirates": "yes"}},
		{name: "no words", given: map[string]string{"pirates": "0"}, want: map[string]string{"pirates": "no"}},
		{name: "choice in any case", given: map[string]string{"coop": "Easy", "deck": "VIRTUAL"}, want: map[string]string{"coop": "easy", "deck": "virtual"}},
		{name: "a no word picks the choice's no", given: map[string]string{"coop": "off"}, want: map[string]string{"coop": "no"}},
		{name: "set in declared order", given: map[string]string{"parts": "events, temple"}, want: map[string]string{"parts": "temple,events"}},
		{name: "set none", given: map[string]string{"parts": "none"}, want: map[string]string{"parts": ""}},
		{name: "set all", given: map[string]string{"extras": "all"}, want: map[string]string{"extras": "a,b"}},
		{name: "number", given: map[string]string{"covered": "3", "rounds": "40"}, want: map[string]string{"covered": "3", "rounds": "40"}},
		{name: "text kept", given: map[string]string{"teams": "Ann+Cy,Bob+Dan"}, want: map[string]string{"teams": "Ann+Cy,Bob+Dan"}},
		{name: "unknown key", given: map[string]string{"wind": "yes"},
			wantErr: `unknown option "wind" for test-game; accepted: ambush, coop, covered, deck, extras, parts, pirates, rounds, teams`},
		{name: "bad yes-no", given: map[string]string{"pirates": "maybe"}, wantErr: "option pirates=maybe for test-game: accepted: yes or no"},
		{name: "bad choice", given: map[string]string{"coop": "medium"}, wantErr: "option coop=medium for test-game: accepted: no, easy, hard"},
		{name: "a yes word is no choice", given: map[string]string{"coop": "yes"}, wantErr: "accepted: no, easy, hard"},
		{name: "bad set item", given: map[string]string{"parts": "temple,moon"}, wantErr: "option parts=temple,moon for test-game: accepted: all, none or a comma list of temple, taverns, events"},
		{name: "number out of range", given: map[string]string{"covered": "7"}, wantErr: "accepted: a whole number from 1 to 6"},
		{name: "number below min", given: map[string]string{"rounds": "0"}, wantErr: "accepted: a whole number from 1"},
		{name: "number not a number", given: map[string]string{"rounds": "many"}, wantErr: "option rounds=many"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := referee.ParseOptions("test-game", specs, tt.given)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.True(t, referee.IsUsage(err))
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Len(t, got, len(specs), "every declared key is filled")
			for k, v := range tt.want {
				assert.Equal(t, v, got[k], k)
			}
		})
	}
}

func TestOptionSetOf(t *testing.T) {
	assert.Equal(t, map[string]bool{"temple": true, "events": true}, referee.OptionSetOf("temple,events"))
	assert.Empty(t, referee.OptionSetOf(""))
}
