package procedure

import (
	"testing"

	"github.com/bosun-referee/bosun/referee"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// misty-waters/components: the counts Viceroy Voting asks (misty-waters/victory-3-viceroy-voting) are of
// components, so every player's count of one kind together stays within
// the box: 3 Forts (misty-waters/infrastructure), 50 Sailor tokens (misty-waters/cannons-sailors-officers-and-passengers), 8 Raft tokens (misty-waters/miscellaneous).
// A count beyond it is refused (exit 2) naming the component line; the
// step saves nothing.
func TestVotingCountsBoundedByTheBox(t *testing.T) {
	vote := func(ann, bob map[string]string) (*table, error) { return voteTable(t, baseOpts(), ann, bob) }
	tb, err := vote(map[string]string{"forts": "2"}, map[string]string{"forts": "2"})
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), `2 Forts on your Captured Islands would make 4 in all with the other answers, but the box holds "3 cardboard/plastic miniature* Forts" (accepted: at most 1 more)`)
	assert.Equal(t, 0, tb.state().Voting.Step, "nothing saved")

	_, err = vote(map[string]string{"sailors": "40"}, map[string]string{"sailors": "11"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"50 Sailor tokens"`)
	_, err = vote(map[string]string{"rafts": "9"}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "misty.vote.Ann.rafts")

	tb, err = vote(map[string]string{"forts": "2", "sailors": "40", "rafts": "8"}, map[string]string{"forts": "1", "sailors": "10"})
	require.NoError(t, err, "the whole box is accepted")
	assert.Equal(t, 1, tb.state().Voting.Step)
	assert.Equal(t, 2*5+40+8*4, tb.state().Voting.Sides[0].Total)
}

// Components, Currency (misty-waters/currency), misty-waters/supply and misty-waters/gold-coin-rounds: every coin in the box is
// worth 24 + 20x3 + 24x5 = 204 Silver, so the sealed bids of one Vote
// Auction together cannot pass it.
func TestAuctionBidsBoundedByTheCoins(t *testing.T) {
	assert.Equal(t, 204, BoxSilver)
	st := &State{Round: 20, Phase: PhaseVoting, Players: players("Ann", "Bob"), Opt: baseOpts(),
		Voting: &Voting{Step: 1, Islands: 1, Sides: []VoteSide{{Name: "Ann", Members: []string{"Ann"}}, {Name: "Bob", Members: []string{"Bob"}}}}}
	tb := newTable(t, st, map[string]any{"misty.vote.auction.1.Ann": "200", "misty.vote.auction.1.Bob": "5"})
	err := tb.try()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "a bid of 5 Silver would make 205 Silver in all with the others, but every coin in the box is worth 204 Silver")
	tb = newTable(t, st, map[string]any{"misty.vote.auction.1.Ann": "200", "misty.vote.auction.1.Bob": "4"})
	require.NoError(t, tb.try())
	assert.Contains(t, tb.text(), "Ann wins 5 Votes")
}

// misty-waters/building "each type of infrastructure is limited to 3 tokens for the entire
// map" (and misty-waters/infrastructure, 3 of each in the box): the Mines two players name at a
// Harvest Round together are at most 3.
func TestHarvestMinesAtMostThreeOnTheMap(t *testing.T) {
	st := battleState(PhaseWheel, 5, nil)
	st.Round = 6
	st.Players[0].Captured, st.Players[1].Captured = 3, 2
	_, _, err := stepBattle(t, st, map[string]any{
		"misty.harvest.Ann.mines": "2", "misty.harvest.Ann.plantations": "0", "misty.harvest.Ann.sold-crates": "0",
		"misty.harvest.Bob.mines": "2",
	})
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), `2 Mines would make 4 on the map with the other players', but "each type of infrastructure is limited to 3 tokens for the entire map" (accepted: at most 1)`)
}

// misty-waters/main-islands "There are 6 large Main Islands" and misty-waters/capture-islands "Capture the Main Island":
// the Captured Islands all players control together are at most 6 (was
// 0-7 each).
func TestCapturedIslandsAtMostSix(t *testing.T) {
	st := &State{Round: 3, Phase: PhaseReset, Players: players("Ann", "Bob"), Opt: baseOpts()}
	tb := newTable(t, st, map[string]any{"misty.player.Ann.captured": "4", "misty.player.Bob.captured": "3"})
	err := tb.try()
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), `Bob's 3 Captured Islands would make 7 with the other players' answers, but only a Main Island is Captured and "There are 6 large Main Islands" (accepted: at most 2)`)
}

// misty-waters/free-trade-route: a Free Trade Route sells "them" (the Crates and Barrels just
// produced): no more Crates are sold than the Mines named.
func TestHarvestSoldCratesAtMostTheMines(t *testing.T) {
	st := battleState(PhaseWheel, 5, nil)
	st.Round = 6
	st.Players[0].Captured = 2
	_, _, err := stepBattle(t, st, map[string]any{
		"misty.harvest.Ann.mines": "1", "misty.harvest.Ann.plantations": "0", "misty.harvest.Ann.sold-crates": "2",
	})
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "misty.harvest.Ann.sold-crates")
	assert.Contains(t, err.Error(), "accepted: a whole number from 0 to 1")
}

// Advanced Rules, Plantations with a Militia (misty-waters/plantations-with-a-militia): a Militia is
// "up to 2 Sailors" placed "on the island next to the Plantation", "there
// can never be more than 2 Sailors in the Militia", and misty-waters/building allows 1
// Plantation an island and 3 on the map. So a player's Sailors in Militias
// are at most 2 per Plantation they counted: 6 for the whole box, never the
// 50 Sailor tokens the count used to accept. A player with no Plantation
// has no Militia and is not asked.
func TestMilitiaVotesBoundedByPlantations(t *testing.T) {
	vote := func(ann, bob map[string]string) (*table, error) {
		opt := baseOpts()
		opt.Advanced["militia"] = true
		return voteTable(t, opt, ann, bob)
	}
	tb, err := vote(map[string]string{"plantations": "1", "militia": "3"}, nil)
	require.Error(t, err)
	assert.True(t, referee.IsUsage(err))
	assert.Contains(t, err.Error(), "Ann counted 1 Plantation, and a Militia is at most 2 Sailors next to a Plantation")
	assert.Contains(t, err.Error(), "accepted: at most 2")
	assert.Equal(t, 0, tb.state().Voting.Step, "nothing saved")

	_, err = vote(map[string]string{"plantations": "3", "militia": "7"}, nil)
	require.Error(t, err, "7 is more than the box's 3 Plantations can hold")
	assert.Contains(t, err.Error(), "misty.vote.Ann.militia")
	assert.Contains(t, err.Error(), "from 0 to 6")

	tb, err = vote(map[string]string{"plantations": "2", "militia": "4", "sailors": "3"}, map[string]string{"militia": "9"})
	require.NoError(t, err, "Bob has no Plantation: his Militia is 0, not asked")
	v := tb.state().Voting
	assert.Equal(t, 2*5+3+4, v.Sides[0].Total)
	assert.Equal(t, 3+4, v.Sides[0].Pool, "the Militia's Sailors join the confrontation pool")
	assert.Equal(t, 0, v.Sides[1].Total)
	assert.NotContains(t, tb.rec.keys, "misty.vote.Bob.militia")
}

// voteTable runs the Viceroy Voting of Ann and Bob, each counting 0 in
// every category but those given.
func voteTable(t *testing.T, opt Options, ann, bob map[string]string) (*table, error) {
	st := &State{Round: 20, Phase: PhaseVoting, Players: players("Ann", "Bob"), Opt: opt,
		Voting: &Voting{Sides: []VoteSide{{Name: "Ann", Members: []string{"Ann"}}, {Name: "Bob", Members: []string{"Bob"}}}}}
	answers := map[string]any{}
	for _, c := range VoteCategories {
		answers["misty.vote.Ann."+c.Key] = "0"
		answers["misty.vote.Bob."+c.Key] = "0"
	}
	for k, v := range ann {
		answers["misty.vote.Ann."+k] = v
	}
	for k, v := range bob {
		answers["misty.vote.Bob."+k] = v
	}
	tb := newTable(t, st, answers)
	return tb, tb.try()
}
