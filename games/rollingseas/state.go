package rollingseas

// State is a Rolling Seas session's saved state.
type State struct {
	Opt     Options       `json:"options"`
	Phase   string        `json:"phase"`
	Turn    int           `json:"turn"`
	Players []PlayerState `json:"players"`
	Deck    AdventureDeck `json:"adventure_deck"`
	Card    TurnCard      `json:"card"`
	Reefs   int           `json:"reefs"`
	Wind    []string      `json:"wind,omitempty"`
	Explore int           `json:"exploration_die,omitempty"`
	Iron    *Ironside     `json:"ironside,omitempty"`
	Tokens  []Token       `json:"ship_tokens,omitempty"` // on the Exploration Board
	Scores  []Score       `json:"scores,omitempty"`
}

// PlayerState is what bosun keeps of a player (the rest is on paper).
type PlayerState struct {
	Name     string   `json:"name"`
	Tokens   []string `json:"ship_tokens,omitempty"` // owners of the Ship Tokens held
	Ambushes []string `json:"ambushes,omitempty"`    // players whose Ambush waits on this board
}

// Token is a Ship Token on the Exploration Board: Pos is a die space
// ("1".."6", solo) or the gap between two ("1-2".."6-1", 2+ players).
type Token struct {
	Pos   string `json:"pos"`
	Owner string `json:"owner,omitempty"` // player name or "ironside" (2+ players)
}

// AdventureDeck is the Adventure Deck: counts, and the order of a virtual deck.
type AdventureDeck struct {
	Virtual    bool     `json:"virtual"`
	Size       int      `json:"size"`
	Drawn      int      `json:"drawn"`
	Cards      []string `json:"cards,omitempty"` // virtual: kinds still in the deck, top first
	Aside      []string `json:"aside,omitempty"` // virtual: the two setup Adventures
	SmoothIn   int      `json:"smooth_in"`       // Smooth Sailing Cards shuffled in
	AdvIn      int      `json:"adventure_in"`    // Adventure Cards shuffled in
	AmbushIn   int      `json:"ambush_in"`       // Ambush cards added after setup
	Smooth     int      `json:"smooth_drawn"`
	Adventures int      `json:"adventures_drawn"`
	Ambushes   int      `json:"ambushes_drawn"`
	Setup      []string `json:"setup_adventures,omitempty"`
}

// TurnCard is the card revealed this turn.
type TurnCard struct {
	Kind   string     `json:"kind,omitempty"`
	Smooth SmoothCard `json:"smooth,omitempty"`
	Pass   string     `json:"pass,omitempty"` // left | right (Reefs, Ambush)
}
