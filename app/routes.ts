import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Marketing and legal pages
  index("routes/_site/home.tsx"),
  route("gallery", "routes/_site/gallery.tsx"),
  route("photos/:id/:file", "routes/_site/gallery-photo-file.ts"),
  route("privacy-policy", "routes/_site/privacy-policy.tsx"),
  route("terms", "routes/_site/terms.tsx"),
  route("terms-and-conditions", "routes/_site/terms.tsx", { id: "terms-and-conditions" }),
  route("design-system", "routes/_site/design-system.tsx"),
  route("sitemap.xml", "routes/_site/sitemap.ts"),
  route("robots.txt", "routes/_site/robots.ts"),

  // Booking
  // One path (ADR 044): /booking is the wizard's first step, like /booking/{id}.
  route("booking", "routes/booking/wizard.tsx", { id: "booking-start" }),
  route("booking/:id", "routes/booking/wizard.tsx"),
  route("booking-success/:bookingId", "routes/booking/success.tsx"),
  // The card step's page, before Stripe's hosted page and on the way back (issue 31, ADR 074)
  route("booking-payment/:bookingId", "routes/booking/payment.tsx"),
  route("booking/manage/:bookingId", "routes/booking/manage.tsx"),
  route("franchise/:slug", "routes/booking/franchise-zone.tsx"),
  route("address-validation", "routes/booking/address-validation.tsx"),
  route("waitlist", "routes/booking/waitlist.tsx"),
  // The stop link of a freed time's e-mail (ADR 091)
  route("heure-liberee/arreter/:token", "routes/booking/freed-time-stop.tsx"),
  route("review/:bookingId", "routes/reviews/review.tsx"),
  route("tip/:bookingId", "routes/payments/tip.tsx"),
  route("tip/:bookingId/balance", "routes/payments/tip-balance.tsx"),
  // Gift cards (issue 34, ADR 087)
  route("cartes-cadeaux", "routes/giftcards/gift-cards.tsx"),
  route("cartes-cadeaux/achat/:id", "routes/giftcards/purchase.tsx"),
  // The maintenance-products shop (issue 34, ADR 094)
  route("boutique", "routes/shop/shop.tsx"),
  route("boutique/panier", "routes/shop/cart.tsx"),
  route("boutique/commandes/:id", "routes/shop/order.tsx"),
  route("boutique/:slug", "routes/shop/product.tsx"),

  // Accounts and spaces
  route("auth", "routes/auth/auth.tsx"),
  route("client", "routes/client/client.tsx"),
  route("application", "routes/application/application.tsx"),
  route("application/confirm", "routes/application/confirm-email.tsx"),
  ...prefix("franchisee", [
    layout("routes/franchisee/layout.tsx", [
      index("routes/franchisee/dashboard.tsx"),
      route("schedule", "routes/franchisee/schedule.tsx"),
      route("team", "routes/franchisee/team.tsx"),
      route("weather", "routes/franchisee/weather.tsx"),
      route("calendar", "routes/franchisee/calendar.tsx"),
      route("route", "routes/franchisee/route.tsx"),
      route("clients", "routes/franchisee/clients.tsx"),
      route("clients/:customerKey", "routes/franchisee/client.tsx"),
      route("restock", "routes/franchisee/restock.tsx"),
      route("shop", "routes/franchisee/shop.tsx"),
      route("reports", "routes/franchisee/reports.tsx"),
      route("territory", "routes/franchisee/territory.tsx"),
      route("reviews", "routes/franchisee/reviews.tsx"),
      route("freed-times", "routes/franchisee/freed-times.tsx"),
      route("bookings", "routes/franchisee/bookings.tsx"),
      route("bookings/:bookingId", "routes/franchisee/booking.tsx"),
      route("payments", "routes/franchisee/payments.tsx"),
    ]),
  ]),
  // The crew's app, phone first (issue 32, ADR 077)
  route("crew", "routes/crew/day.tsx"),
  route("crew/calendar", "routes/crew/calendar.tsx"),
  // A stop's checklist and before/after photos, the photos' upload and signed links (ADR 088)
  route("crew/stops/:appointmentId", "routes/crew/stop.tsx"),
  route("crew/photos", "routes/crew/photos.ts"),
  // A status tap kept on the phone while offline, sent when the network is back (ADR 088)
  route("crew/status", "routes/crew/status.ts"),
  route("job-photos/:appointmentId/:file", "routes/crew/job-photo-file.ts"),
  // The crew's app installable on a phone (ADR 089); its service worker is public/crew-sw.js
  route("crew/manifest.webmanifest", "routes/crew/manifest.ts"),
  // The private calendar feeds of the crew and the franchisees (ADR 082): the token is the secret
  route("calendar/:file", "routes/calendar/feed.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("franchisees", "routes/admin/franchisees.tsx"),
      route("applications/:id", "routes/admin/application.tsx"),
      route("reports", "routes/admin/reports.tsx"),
      route("services", "routes/admin/services.tsx"),
      route("services/:serviceId/checklist", "routes/admin/service-checklist.tsx"),
      route("vehicle-classes", "routes/admin/vehicle-classes.tsx"),
      route("memberships", "routes/admin/memberships.tsx"),
      route("coverage", "routes/admin/coverage.tsx"),
      route("restock", "routes/admin/restock.tsx"),
      route("boutique", "routes/admin/shop.tsx"),
      route("promo-codes", "routes/admin/promo-codes.tsx"),
      route("promo-codes/:id", "routes/admin/promo-code-edit.tsx"),
      route("jobs", "routes/admin/jobs.tsx"),
      route("reviews", "routes/admin/reviews.tsx"),
      route("freed-times", "routes/admin/freed-times.tsx"),
      route("bookings", "routes/admin/bookings.tsx"),
      route("bookings/:bookingId", "routes/admin/booking.tsx"),
      route("clients", "routes/admin/clients.tsx"),
      route("clients/:customerKey", "routes/admin/client.tsx"),
      route("photos", "routes/admin/photos.tsx"),
      route("conversations", "routes/admin/conversations.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      route("payments/statement", "routes/admin/payment-statement.tsx"),
    ]),
    route("payments/statement.csv", "routes/admin/payment-statement-csv.ts"),
    route("reports/export", "routes/admin/reports-export.ts"),
  ]),

  // JSON resource routes (docs/http-api.md)
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/setup-test-users", "routes/api/setup-test-users.ts"),
  route("api/dev/start-appointment", "routes/api/dev-start-appointment.ts"),
  route("api/dev/payment-zone", "routes/api/dev-payment-zone.ts"),
  route("api/dev/membership-refused", "routes/api/dev-membership-refused.ts"),
  route("api/contact", "routes/api/contact.ts"),
  route("api/openapi.json", "routes/api/openapi.ts"),
  route("api/slots", "routes/api/slots.ts"),
  route("api/bookings", "routes/api/bookings.ts"),
  route("api/bookings/:bookingId/cancel", "routes/api/booking-cancel.ts"),
  route("api/bookings/:bookingId/reschedule", "routes/api/booking-reschedule.ts"),
  route("api/appointments/:bookingId", "routes/api/appointment.ts"),
  route("api/appointments/:bookingId/calendar.ics", "routes/api/booking-calendar.ts"),
  route("api/update-appointment", "routes/api/update-appointment.ts"),
  route("api/validate-location", "routes/api/validate-location.ts"),
  route("api/validate-postal-code", "routes/api/validate-postal-code.ts"),

  // The assistant's tools for outside AI agents (ADR 051)
  route("mcp", "routes/api/mcp.ts"),
  route("api/assistant", "routes/api/assistant.ts"),

  // Messaging: SMS provider callbacks, unsubscribe, development mail box
  route("api/sms/inbound", "routes/api/sms-inbound.ts"),
  route("api/stripe/webhook", "routes/api/stripe-webhook.ts"),
  route("api/unsubscribe", "routes/api/unsubscribe.ts"),
  route("unsubscribe", "routes/messaging/unsubscribe.tsx"),
  route("confirm-offers", "routes/messaging/confirm-offers.tsx"),
  route("dev/mail", "routes/messaging/dev-mail.tsx"),
  route("dev/mail/:id", "routes/messaging/dev-mail-message.tsx"),
  route("dev/mail/:id/html", "routes/messaging/dev-mail-html.ts"),
  route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
  route("auth/reset-password", "routes/auth/reset-password.tsx"),
  route("auth/choose-password", "routes/auth/choose-password.tsx"),

  // Client space
  route("client/history", "routes/client/history.tsx"),
  route("client/bookings/:bookingId", "routes/client/booking.tsx"),
  route("client/data.json", "routes/client/data-export.ts"),
  route("client/payment-methods", "routes/client/payment-methods.tsx"),
  route("client/vehicles", "routes/client/vehicles.tsx"),
  route("client/abonnement", "routes/client/membership.tsx"),
  route("client/receipts/:paymentId", "routes/client/receipt.tsx"),
  route("api/rewards/exchange", "routes/client/rewards-exchange.ts"),

  // Franchisee tools
  route("franchisee/reports.csv", "routes/franchisee/reports-csv.ts"),
  route("franchisee/payments/onboarding", "routes/franchisee/payments-onboarding.ts"),

  // Franchise applications and admin
  route("api/franchise-applications", "routes/application/api.ts"),
  route("files/signatures/:name", "routes/application/signature-file.ts"),
  route("files/application-photos/:name", "routes/application/application-photo-file.ts"),

  route("*", "routes/_site/not-found.tsx"),
] satisfies RouteConfig;
