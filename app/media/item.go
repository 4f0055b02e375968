package media

import (
	"souk/app/member"
	"souk/persistence"
)

// Item is a media item as the client reads it (SPEC.md §3).
type Item struct {
	ID           string `json:"id"`
	DatabaseID   string `json:"databaseId"`
	Title        string `json:"title"`
	Caption      string `json:"caption"`
	AltText      string `json:"altText"`
	MediaType    string `json:"mediaType" doc:"image, video, audio or attachment"`
	MimeType     string `json:"mimeType" doc:"sniffed from the file's bytes"`
	SourceURL    string `json:"sourceUrl" doc:"where the file is served (GET /api/media/{id}/{name})"`
	MediaItemURL string `json:"mediaItemUrl" doc:"the same address"`
	FileName     string `json:"fileName"`
	FileSize     int64  `json:"fileSize" doc:"bytes"`
	Width        int    `json:"width" doc:"an image's pixels; 0 otherwise"`
	Height       int    `json:"height"`
	Progress     int    `json:"progress" doc:"upload percent: 100 for a stored item"`
	CreatedAt    int64  `json:"createdAt" doc:"epoch ms"`
}

// FileURL is the address a media item is served at.
func FileURL(m persistence.MediaItem) string {
	return member.MediaURL(m.ID, m.FileName)
}

func itemOf(m persistence.MediaItem) Item {
	id, u := member.FormatID(m.ID), FileURL(m)
	return Item{ID: id, DatabaseID: id, Title: m.Title, Caption: m.Caption, AltText: m.AltText, MediaType: m.Type,
		MimeType: m.MimeType, SourceURL: u, MediaItemURL: u, FileName: m.FileName, FileSize: m.FileSize,
		Width: m.Width, Height: m.Height, Progress: 100, CreatedAt: m.CreatedAt}
}
