package account

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/internal/credential"
	"souk/app/member"
	"souk/persistence"
)

// Profile field bounds, in characters.
const (
	maxName        = 40
	maxDescription = 200
	maxLocation    = 100
	maxURL         = member.MaxLinkBytes
)

// Genders a profile may name.
var genders = map[string]bool{"": true, "male": true, "female": true, "other": true}

// UpdateUserInput is the data of updateUser. Absent fields keep their value.
type UpdateUserInput struct {
	Name        *string `json:"name,omitempty" doc:"1 to 40 characters of plain text, stored as typed (markup is not interpreted)"`
	Description *string `json:"description,omitempty" doc:"at most 200 characters of plain text with line breaks, stored as typed"`
	Avatar      *string `json:"avatar,omitempty" doc:"the generated avatar (/api/avatar?seed=...), a media item of the site (/api/media/{id}/{name}), an https URL of a host the site allows (--avatar-hosts), or empty for the member's generated avatar"`
	Gender      *string `json:"gender,omitempty" doc:"male, female, other, or empty"`
	Birthday    *string `json:"birthday,omitempty" doc:"YYYY-MM-DD, from 1900 to today, or empty"`
	Location    *string `json:"location,omitempty" doc:"at most 100 characters of plain text, stored as typed"`
	Website     *string `json:"website,omitempty" doc:"http(s) URL, or empty"`

	// AvatarMediaID makes the avatar from an image of the caller's media.
	AvatarMediaID action.ID `json:"avatarMediaId,omitempty" doc:"an image media item of the caller's (image upload rights needed): its centre square scaled to 256 px becomes a new media item and the avatar; wins over avatar"`
}

// maxProfileInput bounds a text field as sent, in bytes, before it is
// cleaned: markup may make it longer than the text it keeps, but not
// without bound (four bytes a character, and room for tags).
const maxProfileInput = 8 * maxDescription * 4

// Validate bounds every field as sent, so that no field of any length is
// cleaned, parsed or stored; the handler checks the cleaned values.
func (in *UpdateUserInput) Validate() error {
	for _, f := range []struct {
		name  string
		value *string
		max   int
	}{
		{"name", in.Name, maxProfileInput}, {"description", in.Description, maxProfileInput},
		{"location", in.Location, maxProfileInput}, {"avatar", in.Avatar, maxURL},
		{"website", in.Website, maxURL}, {"gender", in.Gender, 16}, {"birthday", in.Birthday, 16},
	} {
		if f.value != nil && len(*f.value) > f.max {
			return action.BadField(f.name)
		}
	}
	return nil
}

// UpdateUserReply is the reply of updateUser.
type UpdateUserReply struct {
	UpdateUser credential.UserReply[Viewer] `json:"updateUser"`
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
		name := member.PlainText(*in.Name, false)
		if n := utf8.RuneCountInString(name); n < 1 || n > maxName {
			return UpdateUserReply{}, ErrProfileName
		}
		change.Name = name
	}
	if in.Description != nil {
		d := member.PlainText(*in.Description, true)
		if utf8.RuneCountInString(d) > maxDescription {
			return UpdateUserReply{}, ErrProfileDescription
		}
		change.Description = d
	}
	if in.Avatar != nil {
		a := strings.TrimSpace(*in.Avatar)
		if a != "" {
			if err := s.checkAvatar(a); err != nil {
				return UpdateUserReply{}, err
			}
		}
		change.AvatarURL = a
	}
	if in.AvatarMediaID > 0 {
		if s.avatars == nil {
			return UpdateUserReply{}, action.BadField("avatarMediaId")
		}
		a, err := s.avatars.MakeAvatar(ctx, u.ID, int64(in.AvatarMediaID))
		if err != nil {
			return UpdateUserReply{}, err
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
		l := member.PlainText(*in.Location, false)
		if utf8.RuneCountInString(l) > maxLocation {
			return UpdateUserReply{}, ErrProfileLocation
		}
		change.Profile.Location = l
	}
	if in.Website != nil {
		w := strings.TrimSpace(*in.Website)
		if w != "" && !member.WebURL(w) {
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
	return UpdateUserReply{UpdateUser: credential.UserReply[Viewer]{User: v}}, nil
}

// avatarPath is the site's generated avatar endpoint, the one path of the
// site a profile picture may name: any other (an action, logout) would be
// requested with the viewer's cookies by everyone who sees the picture.
const avatarPath = "/api/avatar"

// maxAvatarSeed is the longest seed /api/avatar draws.
const maxAvatarSeed = 128

// checkAvatar accepts the generated avatar of any seed, a media item of
// the site (member.IsMediaURL), or an https URL of
// an allowed host (which then sees the addresses of the people who look:
// the operator chooses whom to trust with that). ErrProfileAvatar is for a
// malformed value, ErrProfileAvatarSource for one from elsewhere.
func (s *Service) checkAvatar(a string) error {
	if len(a) > maxURL || strings.ContainsFunc(a, unicode.IsSpace) || strings.Contains(a, `\`) {
		return ErrProfileAvatar
	}
	u, err := url.Parse(a)
	if err != nil {
		return ErrProfileAvatar
	}
	switch {
	case member.IsMediaURL(a):
		// A media item of the site: a file, fetched without side effects.
		return nil
	case u.Scheme == "" && u.Host == "" && strings.HasPrefix(a, "/"):
		query, err := url.ParseQuery(u.RawQuery)
		if u.Path != avatarPath || u.Fragment != "" || err != nil || len(query) != 1 ||
			len(query["seed"]) != 1 || len(query.Get("seed")) > maxAvatarSeed {
			return ErrProfileAvatarSource
		}
		return nil
	case u.Scheme == "https" && u.Host != "" && u.User == nil:
		if u.Port() != "" || !s.avatarHosts[strings.ToLower(u.Hostname())] {
			return ErrProfileAvatarSource
		}
		return nil
	case u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "":
		return ErrProfileAvatarSource
	}
	return ErrProfileAvatar
}

func (s *Service) validBirthday(b string) bool {
	d, err := time.Parse(time.DateOnly, b)
	return err == nil && d.Format(time.DateOnly) == b && d.Year() >= 1900 && !d.After(s.now())
}
