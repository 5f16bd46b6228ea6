package mistywaters

import (
	"strings"
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseUnitKinds: each kind word starts from its defaults.
func TestParseUnitKinds(t *testing.T) {
	cases := []struct {
		spec string
		want Unit
	}{
		{"ship", Unit{Kind: KindShip, Location: AtSea}},
		{"player", Unit{Kind: KindShip, Location: AtSea}},
		{"brig", Unit{Kind: KindShip, ShipType: "brig", Cannons: 2, Sailors: 2, Location: AtSea}},
		{"galleass", Unit{Kind: KindGalleass, Sailors: 10, Location: AtSea}},
		{"militia", Unit{Kind: KindMilitia, Sailors: 2, Location: Land}},
		{"plantation", Unit{Kind: KindMilitia, Sailors: 2, Location: Land}},
		{"fort", Unit{Kind: KindFort, Location: Land}},
		{"battery", Unit{Kind: KindBattery, Location: Land}},
		{"temple", Unit{Kind: KindTemple, Location: Land}},
		{"pirate", Unit{Kind: KindPirate, Location: AtSea}},
		{"ccaravel", Unit{Kind: KindCaravel, Location: AtSea}},
		{"silver-freighter", Unit{Kind: KindFreighter, Location: AtSea}},
		{"flying-dutchman", Unit{Kind: KindDutchman, Location: AtSea}},
		{" Kraken ", Unit{Kind: KindMonster, Monster: "kraken", Location: AtSea}},
		{"monster:hydra", Unit{Kind: KindMonster, Monster: "hydra", Location: AtSea}},
		{"monster:kind=kraken", Unit{Kind: KindMonster, Monster: "kraken", Location: AtSea}},
	}
	for _, c := range cases {
		u, err := ParseUnit(c.spec)
		require.NoError(t, err, c.spec)
		assert.Equal(t, c.want, u, c.spec)
	}
}

// TestParseUnitKeys: one row per key of unitSetters, each with what it
// sets on a ship.
func TestParseUnitKeys(t *testing.T) {
	base := func(f func(u *Unit)) Unit {
		u := Unit{Kind: KindShip, Location: AtSea}
		f(&u)
		return u
	}
	cases := []struct {
		key  string
		item string
		want Unit
	}{
		{"type", "type=Sloop", base(func(u *Unit) { u.ShipType, u.Cannons, u.Sailors = "sloop", 2, 2 })},
		{"cannons", "cannons=3", base(func(u *Unit) { u.Cannons = 3 })},
		{"c", "c=1", base(func(u *Unit) { u.Cannons = 1 })},
		{"sailors", "sailors=4", base(func(u *Unit) { u.Sailors = 4 })},
		{"s", "s=2", base(func(u *Unit) { u.Sailors = 2 })},
		{"captain", "captain", base(func(u *Unit) { u.Captain = Basic })},
		{"gunner", "gunner=fc", base(func(u *Unit) { u.Gunner = FirstClass })},
		{"fencing", "fencing=none", base(func(u *Unit) {})},
		{"fencing-master", "fencing-master=2", base(func(u *Unit) { u.FencingMaster = FirstClass })},
		{"fm", "fm=yes", base(func(u *Unit) { u.FencingMaster = Basic })},
		{"fc-captain", "fc-captain", base(func(u *Unit) { u.Captain = FirstClass })},
		{"fc-gunner", "fc-gunner", base(func(u *Unit) { u.Gunner = FirstClass })},
		{"fc-fencing", "fc-fencing", base(func(u *Unit) { u.FencingMaster = FirstClass })},
		{"fc-fm", "fc-fm", base(func(u *Unit) { u.FencingMaster = FirstClass })},
		{"damaged", "damaged", base(func(u *Unit) { u.Damaged = true })},
		{"xp", "xp=1/0/2", base(func(u *Unit) { u.XP, u.XPRolls = 1, []int{1, 0, 2} })},
		{"owner", "owner=ann", base(func(u *Unit) { u.Owner = "ann" })},
		{"name", "name=Swift", base(func(u *Unit) { u.Name = "Swift" })},
		{"team", "team=x", base(func(u *Unit) { u.Team = "x" })},
		{"at", "at=port", base(func(u *Unit) { u.Location = Anchorage })},
		{"location", "location=Tavern", base(func(u *Unit) { u.Location = Tavern })},
		{"loc", "loc=at-sea", base(func(u *Unit) {})},
		{"fort", "fort", base(func(u *Unit) { u.Location, u.DocksFort = Docks, "?" })},
		{"docks-fort", "docks-fort=bob", base(func(u *Unit) { u.Location, u.DocksFort = Docks, "bob" })},
		{"blocked", "blocked", base(func(u *Unit) { u.Blocked = true })},
		{"monster", "monster=kraken", Unit{Kind: KindMonster, Monster: "kraken", Location: AtSea}},
		{"kind", "kind=hydra", Unit{Kind: KindMonster, Monster: "hydra", Location: AtSea}},
		{"shore", "shore=2+1+fencing", base(func(u *Unit) { u.ShoreSet, u.ShoreSailors, u.ShoreCannons, u.ShoreFencing = true, 2, 1, true })},
		{"cargo", "cargo=Barrel+crate", base(func(u *Unit) { u.Cargo = []string{"barrel", "crate"} })},
		{"cabin", "cabin=a", base(func(u *Unit) { u.Passengers = []string{"a"} })},
		{"passengers", "passengers=a+b", base(func(u *Unit) { u.Passengers = []string{"a", "b"} })},
		{"cabin-cards", "cabin-cards=c1", base(func(u *Unit) { u.CaptainsCabin = []string{"c1"} })},
		{"captains-cabin", "captains-cabin=c2", base(func(u *Unit) { u.CaptainsCabin = []string{"c2"} })},
		{"cards", "cards=c3+c4", base(func(u *Unit) { u.CaptainsCabin = []string{"c3", "c4"} })},
		{"defeats", "defeats=2", base(func(u *Unit) { u.PriorDefeats = 2 })},
		{"prior-defeats", "prior-defeats=1", base(func(u *Unit) { u.PriorDefeats = 1 })},
		{"fleet", "fleet=2", base(func(u *Unit) { u.Fleet = 2 })},
		{"fleet-types", "fleet-types=brig+sloop", base(func(u *Unit) { u.FleetTypes = []string{"brig", "sloop"} })},
		{"treasury", "treasury=5", base(func(u *Unit) { u.Treasury, u.TreasurySet = 5, true })},
		{"silver", "silver=0", base(func(u *Unit) { u.TreasurySet = true })},
	}
	tested := map[string]bool{}
	for _, c := range cases {
		tested[c.key] = true
		u, err := ParseUnit("ship:" + c.item)
		require.NoError(t, err, c.item)
		assert.Equal(t, c.want, u, c.item)
	}
	for k := range unitSetters {
		assert.Truef(t, tested[k], "key %s has no row", k)
	}
	// Cannons and Sailors given before a ship type are kept.
	u, err := ParseUnit("ship:cannons=5,type=brig")
	require.NoError(t, err)
	assert.Equal(t, []int{5, 2}, []int{u.Cannons, u.Sailors})
	// A Sea Monster's name is a key of a monster only.
	u, err = ParseUnit("monster:damaged,leviathan")
	require.NoError(t, err)
	assert.Equal(t, "leviathan", u.Monster)
}

// TestParseUnitErrors: each refusal names the input and what is accepted.
func TestParseUnitErrors(t *testing.T) {
	cases := []struct{ spec, want string }{
		{"boat", `unit "boat": kind "boat" is not known (ship, galleass, fort, pirate, caravel-npc, freighter, battery, monster, temple, militia, dutchman, a ship type or a Sea Monster)`},
		{"ship:type=junk", `unit "ship:type=junk": ship type "junk" is not one of ` + strings.Join(ShipTypes, ", ")},
		{"ship:c=-1", `unit "ship:c=-1": c="-1" is not a whole number >= 0`},
		{"ship:gunner=ace", `unit "ship:gunner=ace": gunner="ace" is not basic, fc (First-Class) or none`},
		{"ship:xp=1/x", `unit "ship:xp=1/x": xp="1/x": give tokens per roll as N/N/N`},
		{"ship:at=moon", `unit "ship:at=moon": at="moon" is not one of ` + joinLoc()},
		{"monster:monster=nessie", `unit "monster:monster=nessie": Sea Monster "nessie" is not one of ` + strings.Join(Monsters, ", ")},
		{"ship:shore=a+b", `unit "ship:shore=a+b": shore="a+b": give SAILORS+CANNONS[+fencing], e.g. shore=2+1`},
		{"ship:kraken", `unit "ship:kraken": "kraken" is not a known key (type, cannons, sailors, captain, gunner, fencing, fc-gunner, fc-fencing, damaged, xp, owner, at, fort, blocked, shore, cargo, cabin, cards, defeats, fleet, treasury, name, team)`},
		{"monster", `unit "monster": name the Sea Monster (` + strings.Join(Monsters, ", ") + ")"},
	}
	for _, c := range cases {
		_, err := ParseUnit(c.spec)
		require.Error(t, err, c.spec)
		assert.True(t, referee.IsUsage(err), c.spec)
		assert.Equal(t, c.want, err.Error(), c.spec)
	}
}
