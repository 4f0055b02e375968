package main

import (
	"fmt"
	"io"

	"souk/app/account"
	"souk/app/action"
	"souk/app/coupon"
	"souk/app/messages"
	"souk/app/notify"
	"souk/app/report"
	"souk/app/shop"
	"souk/app/ticket"
	"souk/app/wallet"
	"souk/transport/realtime"
)

// writeTSTypes writes the TypeScript wire types of every action and of the
// websocket protocol (webui/src/api/wire.gen.ts, make types).
func writeTSTypes(w io.Writer) error {
	reg := describedRegistry()
	socket, err := socketProtocol(reg)
	if err != nil {
		return err
	}
	return reg.WriteTypeScript(w, socket)
}

// socketProtocol describes the websocket beyond reg's commands: every
// event the server sends (the realtime layer's, an answer to a command
// carrying its registered reply, and the features' inbox events) and the
// socket's own frames.
func socketProtocol(reg *action.Registry) (action.Socket, error) {
	var socket action.Socket
	for _, e := range realtime.Events {
		payload := e.Payload
		if e.Command != "" {
			reply, ok := reg.ReplyType(e.Command)
			if !ok {
				return socket, fmt.Errorf("realtime event %s answers %s, which is not registered", e.Name, e.Command)
			}
			payload = reply
		}
		socket.Events = append(socket.Events, action.Event{Name: e.Name, Summary: e.Summary, Payload: payload})
	}
	socket.Events = append(socket.Events, messages.Events...)
	socket.Events = append(socket.Events, notify.Events...)
	socket.Events = append(socket.Events, account.Events...)
	socket.Events = append(socket.Events, wallet.Events...)
	socket.Events = append(socket.Events, report.Events...)
	socket.Events = append(socket.Events, coupon.Events...)
	socket.Events = append(socket.Events, ticket.Events...)
	socket.Events = append(socket.Events, shop.Events...)
	for _, f := range realtime.Frames {
		socket.Frames = append(socket.Frames, action.Event{Name: f.Name, Summary: f.Summary, Payload: f.Payload})
	}
	return socket, nil
}
