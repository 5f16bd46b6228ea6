package questsandcannons

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// menu is a terminal stand-in: it records the options each question
// offers and answers with a fixed option.
type menu struct {
	asked  map[string][]string
	answer map[string]string
}

func (m *menu) Ask(q referee.Question) (string, error) {
	if m.asked == nil {
		m.asked = map[string][]string{}
	}
	m.asked[q.Key] = q.Options
	if a, ok := m.answer[q.Key]; ok {
		return q.Normalize(a)
	}
	return "", &referee.NoAnswerError{Q: q}
}

// An answers file may write the Champion's name as printed on the tile
// (tables.qc-champions.Valkyr.nation): any case of the name answers the
// lowercase key, and --players Ann:VALKYR is Valkyr.
func TestChampionKeysAnyCase(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "quaeth", "porc", "quartermaster", "4", "2/3", "1/2", "3/5")
	for k, v := range map[string]string{"nation": "delf", "role": "cannoneer", "hearts": "5", "sails": "2/3", "cannons": "2/3", "cargo": "2/5"} {
		p.Set("tables.qc-champions.Valkyr."+k, v, "answers")
	}
	p.Set("qc.setup.roll", "6,2", "answers")
	h := newHarness(t, "Ann:VALKYR,Bob:Quaeth", nil, p)
	ann := h.player("Ann")
	assert.Equal(t, "Valkyr", ann.Champion)
	assert.Equal(t, "delf", ann.Nation)
	assert.Equal(t, "cannoneer", ann.Role)
	assert.Equal(t, 5, ann.Hearts)
	assert.Equal(t, 3, ann.MaxCannons)
	assert.Equal(t, 5, ann.MaxCargo)
	// Remembered under the table's lowercase key, asked as the file wrote it.
	r, ok := h.env.Tables.Lookup("qc-champions", "valkyr.nation")
	require.True(t, ok)
	assert.Equal(t, "delf", r.Value)
	assert.Contains(t, r.Ref, "tables.qc-champions.Valkyr.nation")

	// The existing lowercase files keep working, and the lowercase key wins
	// when both spellings are given.
	p = referee.NewScripted()
	champ(p, "Valkyr", "delf", "cannoneer", "5", "2/3", "2/3", "2/5")
	champ(p, "Quaeth", "porc", "quartermaster", "4", "2/3", "1/2", "3/5")
	p.Set("tables.qc-champions.VALKYR.hearts", "9", "answers")
	p.Set("qc.setup.roll", "6,2", "answers")
	h = newHarness(t, "Ann:valkyr,Bob:Quaeth", nil, p)
	assert.Equal(t, 5, h.player("Ann").Hearts)
	assert.Equal(t, "Valkyr", h.player("Ann").Champion)

	// Without any answer the question names the lowercase key.
	p = referee.NewScripted()
	err := newSessionErr(t, "Ann:Valkyr,Bob:Quaeth", nil, p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "tables.qc-champions.valkyr.nation")
}

// Two players may not share a Champion, however its name is written.
func TestChampionTwiceAnyCase(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Valkyr", "delf", "cannoneer", "5", "2/3", "2/3", "2/5")
	err := newSessionErr(t, "Ann:Valkyr,Bob:VALKYR", nil, p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "both have the Champion Valkyr")
}

// "The first ability is common to all Champions from the same Nation":
// Delvish Mobility is the Delf's, Mend Ship the Porc's. The qc.action menu
// offers only what the player can take now; an answer typed anyway is
// refused with the rule, not as "not an option".
func TestActionMenuOffersOnlyLegalActions(t *testing.T) {
	h := duo(t, "porc", nil, nil) // Ann (porc) at her Home Port: 3 Actions, 1 Clue, no Loot, no damage
	m := &menu{answer: map[string]string{"qc.action": "end"}}
	h.p.Fallback = m
	assert.Equal(t, []string{"move", "ammo", "sell", "damage", "adjust", "end"}, OfferedActions(h.state()))
	h.next()
	assert.Equal(t, []string{"move", "ammo", "sell", "damage", "adjust", "end"}, m.asked["qc.action"])
	assert.NotContains(t, m.asked["qc.action"], "mobility")

	// No terminal and no answer: the accepted values are the offered ones.
	h = duo(t, "porc", nil, nil)
	err := h.nextErr()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "accepted: one of: move, ammo, sell, damage, adjust, end;")

	// Typed anyway: the rule that forbids it.
	h = duo(t, "porc", nil, map[string][]string{"qc.action": {"mobility"}})
	err = h.nextErr()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "Delvish Mobility is the Delf nation ability; Ann is porc (its nation ability: Mend Ship)")

	// A Delf with a Loot card is offered Delvish Mobility, not Mend Ship;
	// a Porc with Lumber and damage is offered Mend Ship.
	h = duo(t, "delf", nil, nil)
	st := h.state()
	st.cur().Loot = 1
	assert.Contains(t, OfferedActions(st), "mobility")
	assert.NotContains(t, OfferedActions(st), "mend")
	st.cur().Nation = "porc"
	st.cur().Res["lumber"] = 1
	st.cur().Damage = 1
	assert.Contains(t, OfferedActions(st), "mend")
	assert.NotContains(t, OfferedActions(st), "mobility")
	assert.Contains(t, OfferedActions(st), "repair")
	assert.Contains(t, OfferedActions(st), "equip")
	st.cur().Actions = 0
	assert.NotContains(t, OfferedActions(st), "move", "no Action left")
}

// "You can't have more of a type of upgrade than what is stated on your
// Champion's max upgrade stat." The upgrade menu offers only what is below
// its max, and an upgrade past it typed anyway is refused.
func TestUpgradeMenuOffersBelowMax(t *testing.T) {
	// Ann's tile: Sails 2/3, Cannons 1/2, Cargo 2/3. Put her at a Workshop
	// Port with Cannons at their max.
	h := duo(t, "porc", nil, nil)
	st := h.state()
	p := st.cur()
	p.Space = SpaceWorkshop
	p.Cannons = p.MaxCannons
	p.Res["canvas"], p.Res["lumber"], p.Coins = 1, 1, 6
	for _, it := range []string{"sail", "cargo"} {
		assert.NoError(t, upgradeRefusal(st, p, it))
	}
	err := upgradeRefusal(st, p, "cannon")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "already has 2 cannon, the Champion's max")
	require.NoError(t, h.s.SaveState(st))
	m := &menu{answer: map[string]string{"qc.action": "upgrade", "qc.upgrade.item": "sail"}}
	h.p.Fallback = m
	h.next()
	assert.Equal(t, []string{"sail", "cargo"}, m.asked["qc.upgrade.item"])
	st = h.state()
	p = st.cur()

	// Everything at its max: no upgrade is offered.
	p.Sails, p.Cargo = p.MaxSails, p.MaxCargo
	assert.NotContains(t, OfferedActions(st), "upgrade")
	err = actionRefusal(st, "upgrade")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nothing to upgrade")
}

// The Champion pick-order dice show on the pick-order line, not on the map
// line before it.
func TestSetupPickRollsOnPickLine(t *testing.T) {
	p := referee.NewScripted()
	champ(p, "Valkyr", "delf", "cannoneer", "5", "2/3", "2/3", "2/5")
	champ(p, "Quaeth", "porc", "quartermaster", "4", "2/3", "1/2", "3/5")
	h := newHarness(t, "Ann:Valkyr,Bob:Quaeth", nil, p, 3, 4)
	var mapRolls, pickRolls int
	for _, e := range h.s.Log {
		switch {
		case strings.Contains(e.Text, "build the intro map"):
			mapRolls = len(e.Rolls)
		case strings.HasPrefix(e.Text, "Champion pick order"):
			pickRolls = len(e.Rolls)
		}
	}
	assert.Equal(t, 0, mapRolls)
	assert.Equal(t, 2, pickRolls)
}

// Free-text questions with a domain say what they accept.
func TestTextQuestionsNameAccepted(t *testing.T) {
	h := duo(t, "porc", nil, map[string][]string{"qc.action": {"adjust"}})
	err := h.nextErr()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "qc.adjust.what")
	assert.NotContains(t, err.Error(), "any text")
	assert.Contains(t, err.Error(), "signed with + or -")

	p := referee.NewScripted()
	for _, k := range []string{"nation", "role", "hearts"} {
		p.Set("tables.qc-champions.valkyr."+k, map[string]string{"nation": "delf", "role": "cannoneer", "hearts": "5"}[k], "answers")
	}
	err = newSessionErr(t, "Ann:Valkyr,Bob:Quaeth", nil, p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "tables.qc-champions.valkyr.sails")
	assert.Contains(t, err.Error(), "START/MAX, two whole numbers")
}
