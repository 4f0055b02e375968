package account

import (
	"context"
	"fmt"
	"html"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

	"souk/app/action"
	"souk/persistence"
)

// Profile field bounds, in characters.
const (
	maxName        = 40
	maxDescription = 200
	maxLocation    = 100
	maxURL         = 1024
)

// Genders a profile may name.
var genders = map[string]bool{"": true, "male": true, "female": true, "other": true}

// UpdateUserInput is the data of updateUser. Absent fields keep their value.
type UpdateUserInput struct {
	Name        *string `json:"name,omitempty" doc:"1 to 40 characters, plain text"`
	Description *string `json:"description,omitempty" doc:"at most 200 characters, plain text"`
	Avatar      *string `json:"avatar,omitempty" doc:"http(s) URL or a path on this site (/...); empty for the generated avatar"`
	Gender      *string `json:"gender,omitempty" doc:"male, female, other, or empty"`
	Birthday    *string `json:"birthday,omitempty" doc:"YYYY-MM-DD, from 1900 to today, or empty"`
	Location    *string `json:"location,omitempty" doc:"at most 100 characters, plain text"`
	Website     *string `json:"website,omitempty" doc:"http(s) URL, or empty"`
}

// UpdateUserReply is the reply of updateUser.
type UpdateUserReply struct {
	UpdateUser UserReply `json:"updateUser"`
}

// UpdateUser answers updateUser: the caller edits their profile (the
// more-information dialog), which marks it complete.
func (s *Service) UpdateUser(ctx context.Context, in UpdateUserInput) (UpdateUserReply, error) {
	userID := action.RequestFrom(ctx).Viewer.UserID
	u, err := s.db.Users().Get(ctx, userID)
	if err != nil {
		return UpdateUserReply{}, fmt.Errorf("account: update user: %w", err)
	}
	change := persistence.ProfileChange{Name: u.Name, Description: u.Description, AvatarURL: u.AvatarURL,
		Profile: u.Profile, HasInfomation: true}
	if in.Name != nil {
		name := plainText(*in.Name, false)
		if n := utf8.RuneCountInString(name); n < 1 || n > maxName {
			return UpdateUserReply{}, ErrProfileName
		}
		change.Name = name
	}
	if in.Description != nil {
		d := plainText(*in.Description, true)
		if utf8.RuneCountInString(d) > maxDescription {
			return UpdateUserReply{}, ErrProfileDescription
		}
		change.Description = d
	}
	if in.Avatar != nil {
		a := strings.TrimSpace(*in.Avatar)
		if a != "" && !validAvatar(a) {
			return UpdateUserReply{}, ErrProfileAvatar
		}
		change.AvatarURL = a
	}
	if in.Gender != nil {
		g := strings.ToLower(strings.TrimSpace(*in.Gender))
		if !genders[g] {
			return UpdateUserReply{}, ErrProfileGender
		}
		change.Profile.Gender = g
	}
	if in.Birthday != nil {
		b := strings.TrimSpace(*in.Birthday)
		if b != "" && !s.validBirthday(b) {
			return UpdateUserReply{}, ErrProfileBirthday
		}
		change.Profile.Birthday = b
	}
	if in.Location != nil {
		l := plainText(*in.Location, false)
		if utf8.RuneCountInString(l) > maxLocation {
			return UpdateUserReply{}, ErrProfileLocation
		}
		change.Profile.Location = l
	}
	if in.Website != nil {
		w := strings.TrimSpace(*in.Website)
		if w != "" && !validWebURL(w) {
			return UpdateUserReply{}, ErrProfileWebsite
		}
		change.Profile.Website = w
	}
	if err := s.db.Users().UpdateProfile(ctx, u.ID, change); err != nil {
		return UpdateUserReply{}, fmt.Errorf("account: update user: %w", err)
	}
	v, err := s.ViewerFor(ctx, u.ID)
	if err != nil {
		return UpdateUserReply{}, err
	}
	return UpdateUserReply{UpdateUser: UserReply{User: v}}, nil
}

// stripTags removes every HTML element, keeping the text.
var stripTags = bluemonday.StrictPolicy()

// plainText is s without markup, control characters and surrounding
// space; multiline keeps line breaks (at most two in a row).
func plainText(s string, multiline bool) string {
	s = html.UnescapeString(stripTags.Sanitize(s))
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' && multiline:
			return r
		case r == '\n' || r == '\t' || r == '\r':
			return ' '
		case unicode.IsControl(r) || r == utf8.RuneError:
			return -1
		}
		return r
	}, s)
	for multiline && strings.Contains(s, "\n\n\n") {
		s = strings.ReplaceAll(s, "\n\n\n", "\n\n")
	}
	return strings.TrimSpace(s)
}

// validAvatar accepts an http(s) URL or a path on this site (a media path).
func validAvatar(a string) bool {
	if len(a) > maxURL || strings.ContainsFunc(a, unicode.IsSpace) {
		return false
	}
	if strings.HasPrefix(a, "/") && !strings.HasPrefix(a, "//") && !strings.Contains(a, `\`) {
		_, err := url.ParseRequestURI(a)
		return err == nil
	}
	return validWebURL(a)
}

func validWebURL(s string) bool {
	if len(s) > maxURL || strings.ContainsFunc(s, unicode.IsSpace) {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

func (s *Service) validBirthday(b string) bool {
	d, err := time.Parse(time.DateOnly, b)
	return err == nil && d.Format(time.DateOnly) == b && d.Year() >= 1900 && !d.After(s.now())
}
