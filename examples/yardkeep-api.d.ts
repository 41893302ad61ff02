// Generated from openapi.json by `npm run openapi` (openapi-typescript). Do not edit.
export interface paths {
    "/api/activity/{page}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One page (from 1) of 25 feed entries, newest first; [] past the end */
        get: operations["activityPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public settings the web app needs: product name, public URL, single sign-on and who may sign in with a password */
        get: operations["systemConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a password reset link; answers the same for unknown emails */
        post: operations["authForgot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness with a database round trip */
        get: operations["systemHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/allocate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put an item on a manifest: with id, that item (applying the given fields) and everything inside it; without id, a new item */
        post: operations["itemsAllocate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What is free for a window: per component type {total, held, available}; with q or component_id the matching items and who holds them */
        get: operations["reservationsAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Jobs whose windows overlap from…to, with stage, counts and shortage flags (client users: their own) */
        get: operations["reservationsCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All clients the caller may see, sorted by name */
        get: operations["clientsList"];
        put?: never;
        /** Create a client */
        post: operations["clientsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One client */
        get: operations["clientsGet"];
        /** Rename a client; with a version (body or If-Match), 409 if it changed meanwhile */
        put: operations["clientsUpdate"];
        post?: never;
        /** Delete a client; refused (409) while anything still uses it */
        delete: operations["clientsRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/components": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All component types the caller may see, sorted by name */
        get: operations["componentsList"];
        put?: never;
        /** Create a component type */
        post: operations["componentsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/components/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One component type */
        get: operations["componentsGet"];
        /** Rename a component type; with a version (body or If-Match), 409 if it changed meanwhile */
        put: operations["componentsUpdate"];
        post?: never;
        /** Delete a component type; refused (409) while anything still uses it */
        delete: operations["componentsRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a manifest with its requirements (not its items) under a new name */
        post: operations["manifestsDuplicate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every visible item (or those matching q and status) as CSV with the columns the import reads; client users get their own client’s items */
        get: operations["importExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import items from a CSV body (UTF-8 or Windows-1252; comma, semicolon or tab separated; at most 20 MB). map.<field>=<column> maps columns; dry_run=true answers the preview and writes nothing. All rows or none, unless valid_only=true */
        post: operations["importImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/inspection-kinds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All inspection kinds, by component type and name */
        get: operations["inspectionKindsList"];
        put?: never;
        /** Add an inspection kind to a component type (admin) */
        post: operations["inspectionKindsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/inspection-kinds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a kind’s name, interval or whether it blocks dispatch (admin); with a version, 409 if it changed meanwhile */
        put: operations["inspectionKindsUpdate"];
        post?: never;
        /** Delete an inspection kind (admin); refused (409) once inspections of it are recorded */
        delete: operations["inspectionKindsRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/inspections/{id}/attachments/{attachmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One attachment of an inspection (a photo or a PDF), with the inspection’s access */
        get: operations["inspectionsAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/inspections/due": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Inspections due in the next `days` days (30 unless said), overdue first */
        get: operations["inspectionsDue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Visible items. Without parameters: all of them sorted by name. With q, status, limit or offset: {items, total}, ranked by search relevance when q is given */
        get: operations["itemsList"];
        put?: never;
        /** Create an item */
        post: operations["itemsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One item; anonymous visitors do not see who scanned it last */
        get: operations["itemsRead"];
        /** Change some fields of an item; manifest_id null deallocates it. With a version (body or If-Match), 409 if it changed meanwhile */
        put: operations["itemsUpdate"];
        post?: never;
        /** Delete an item: frees its labels, removes its images (files too) and components */
        delete: operations["itemsRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items/{id}/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An item's past, current and future jobs with their windows, and the next one */
        get: operations["reservationsItemBookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items/{id}/components": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An item's components, sorted by component name */
        get: operations["itemComponentsList"];
        put?: never;
        /** Add a component type with a count to an item */
        post: operations["itemComponentsAdd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items/{id}/containers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The containers an item sits in, outermost first */
        get: operations["containersContainers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items/{id}/contents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The items directly inside an item, sorted by name; deep=true lists every level (each with its container_id) */
        get: operations["containersContents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items/{id}/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An item's images, newest first */
        get: operations["imagesList"];
        put?: never;
        /** Add an uploaded image to an item (width and height default to 100) */
        post: operations["imagesCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items/{id}/inspections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An item’s inspections (newest first) and, per kind of its component type, the next due (never inspected: due at once). Client users: their own client’s items only */
        get: operations["inspectionsForItem"];
        put?: never;
        /** Record an inspection (multipart: kind_id, result passed|failed, date YYYY-MM-DD, note, inspector, and up to 3 `attachments`: photos or PDF certificates of at most 20 MB, judged by their bytes). A failed one sets the item damaged with the note. Bad input is a 400 (a refused attachment: attachment_type or attachment_too_large) and stores nothing */
        post: operations["inspectionsRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items/{id}/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An item's labels, newest first */
        get: operations["labelsListForItem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items/{itemId}/components/{componentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the count of a component on an item. With a version (body or If-Match), 409 if it changed meanwhile */
        put: operations["itemComponentsUpdate"];
        post?: never;
        /** Remove a component from an item */
        delete: operations["itemComponentsRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/items/{itemId}/images/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an image from an item and delete its files */
        delete: operations["imagesRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Attach a label to an item, taking it from another item if needed; with replace=false, answers true (already on this item) or false (on another item) without changing anything */
        post: operations["labelsAttach"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/labels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Look a label up by its code (any spelling: case, dashes and spaces are ignored) */
        get: operations["labelsGet"];
        /** Free a label (item_id: null) or move it to another item */
        put: operations["labelsUpdate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/labels/presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Label stock the server prints on (sheets, roll and thermal printers, placards), with QR sizes and saved printer offsets */
        get: operations["printingPresets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/labels/presets/{id}/offset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Save the printer calibration (x/y shift in mm) of one preset, for everyone */
        put: operations["printingSaveOffset"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/labels/print": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A vector PDF of labels on a preset: for items (those without a label get a fresh code attached, in one transaction) or for label codes alone */
        post: operations["printingPrint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All locations the caller may see, sorted by name */
        get: operations["locationsList"];
        put?: never;
        /** Create a location */
        post: operations["locationsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/locations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One location */
        get: operations["locationsGet"];
        /** Rename a location; with a version (body or If-Match), 409 if it changed meanwhile */
        put: operations["locationsUpdate"];
        post?: never;
        /** Delete a location; refused (409) while anything still uses it */
        delete: operations["locationsRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/locations/{id}/stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A location’s page: what a stock-take of it would expect now (how many, and the first 200 by name) and its stock-takes, newest first */
        get: operations["stocktakesLocation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All manifests the caller may see (client users: their own), sorted by name */
        get: operations["manifestsList"];
        put?: never;
        /** Create a manifest */
        post: operations["manifestsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One manifest */
        get: operations["manifestsGet"];
        /** Change a manifest; fields left out keep their value. With a version (body or If-Match), 409 if it changed meanwhile */
        put: operations["manifestsUpdate"];
        post?: never;
        /** Delete a manifest: its items are taken off it, its requirements deleted */
        delete: operations["manifestsRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** For the job's window: each requirement's required, fulfilled, available, short and the jobs in the way; each named reservation's state */
        get: operations["reservationsManifestAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close a job that is out: items still out are marked missing and leave it */
        post: operations["roundTripClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/components": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the allocated items provide per component type: 1 per item of that type plus their item components */
        get: operations["itemsManifestComponents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/dispatch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a planned job out: every allocated item (contents included) is recorded as out on it */
        post: operations["roundTripDispatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/inspections-due": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The items of a job not sent out yet whose inspection falls due before the job’s due date ("PAT test due 4 Jun, before Summer show returns") */
        get: operations["inspectionsForJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The items allocated to a manifest, sorted by name */
        get: operations["itemsManifestItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/packing-sheet.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A printable packing list: requirements required/packed, allocated items by location with tick boxes, the manifest's QR; no item QR codes */
        get: operations["printingPackingSheet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/requirements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A manifest's required counts per component type, sorted by component name */
        get: operations["requirementsList"];
        put?: never;
        /** Require a component type (409 if it is already required: change its count) */
        post: operations["requirementsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/reservations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A job's named reservation lines, by item name */
        get: operations["reservationsList"];
        put?: never;
        /** Hold an item by name (a container brings its contents). On a reserved job, 409 overbooked when another overlapping job holds it (override with a note) */
        post: operations["reservationsAdd"];
        /** Let go of an item held by name, and of what its reservation brought along */
        delete: operations["reservationsRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/reserve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** planning → reserved: the job holds its named items and required counts for its window. Needs both dates; 409 overbooked names the jobs in the way (override with a note) */
        post: operations["reservationsReserve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What went out on a job: still out, returned, returned damaged, missing */
        get: operations["roundTripReturns"];
        put?: never;
        /** One item comes back (with everything inside it): it leaves the job, takes the location, keeps the condition. A missing item is found. 409 when it is not out on this job */
        post: operations["roundTripReturnItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{id}/unreserve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** reserved → planning: the job holds nothing any more (its lines stay, as a draft) */
        post: operations["reservationsUnreserve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/manifests/{manifestId}/requirements/{componentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a required count. With a version (body or If-Match), 409 if it changed meanwhile */
        put: operations["requirementsUpdate"];
        post?: never;
        /** Stop requiring a component type */
        delete: operations["requirementsRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every job that is out, overdue ones first, with the items still out */
        get: operations["roundTripOut"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/scan/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a scan of a label; a signed-in scanner becomes the item's last scanner. Null for an unknown label */
        post: operations["labelsScan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/stocktakes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every stock-take, newest first, with its counts */
        get: operations["stocktakesList"];
        put?: never;
        /** Start a stock-take of a location or of a container (its contents at every level): snapshots the items expected there that are not out on a job */
        post: operations["stocktakesStart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/stocktakes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One stock-take: counts and the rows by outcome (found, wrong place, unexpected, unknown, not scanned, missing) */
        get: operations["stocktakesGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/stocktakes/{id}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish: the expected items listed in mark_missing (and only those) are marked missing; counted items get last_counted_at; one STOCKTAKE entry in the feed */
        post: operations["stocktakesFinish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/stocktakes/{id}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move an item scanned in the wrong place here (this location, or into this container) */
        post: operations["stocktakesMove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/stocktakes/{id}/report.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The report as CSV, one row per item or unknown code, with who scanned and when */
        get: operations["stocktakesReportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/stocktakes/{id}/report.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The report as a PDF: found, wrong place, unexpected, missing or not scanned, unknown, with who scanned and when */
        get: operations["stocktakesReportPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inventory/stocktakes/{id}/scans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Count one scanned label: found, wrong_place, unexpected (out on a job, or missing: then found), unknown, or already (counted before). Records who scanned it */
        post: operations["stocktakesScan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with email and password; sets the session cookie */
        post: operations["authLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the current session */
        post: operations["authLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: operations["authMe"];
        put?: never;
        /** Add a member; sends a verification email */
        post: operations["membersCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/digest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the signed-in member gets the daily digest email */
        get: operations["inspectionsDigest"];
        /** Switch the daily digest on or off for oneself (inspections due this week, jobs overdue, jobs due back tomorrow) */
        put: operations["inspectionsSetDigest"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/email/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the verification email again */
        post: operations["authResendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify an email address with the token from the verification email */
        post: operations["authVerifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/id/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a member's password; ends their sessions. With a version (body or If-Match), 409 if the member changed meanwhile */
        put: operations["membersChangePassword"];
        post?: never;
        /** Delete a member (not yourself, not the last admin) */
        delete: operations["membersRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All members, sorted by email */
        get: operations["membersList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change your own password (current password required); ends your other sessions and starts a new one here */
        put: operations["membersChangeOwnPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reset/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The email a reset token belongs to */
        get: operations["authResetInfo"];
        put?: never;
        /** Set a new password with a reset token; signs the user in */
        post: operations["authReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All service tokens, newest first */
        get: operations["serviceTokensList"];
        put?: never;
        /** Create a service token for an integration; the answer holds the token, shown once */
        post: operations["serviceTokensCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a service token; it stops working at once */
        delete: operations["serviceTokensRevoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your personal access tokens, newest first (called with a token: that token alone) */
        get: operations["tokensList"];
        put?: never;
        /** Create a personal access token; the answer holds the token, shown this once */
        post: operations["tokensCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of your personal access tokens; it stops working at once */
        delete: operations["tokensRevoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/upload/{filename}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload an image (raw body, at most 20 MB; JPEG, PNG, WebP, GIF or AVIF, judged by its bytes). It is auto-rotated, stripped of metadata and given a thumbnail */
        post: operations["uploadsUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook endpoints (admin) */
        get: operations["webhooksList"];
        put?: never;
        /** Register a webhook endpoint; the secret (generated when not given) is answered only this once */
        post: operations["webhooksCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the URL, event types or secret of an endpoint, or enable/disable it */
        put: operations["webhooksUpdate"];
        post?: never;
        /** Delete an endpoint and its delivery log; nothing more is sent to it */
        delete: operations["webhooksRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint's delivery log, newest first (the last 100) */
        get: operations["webhooksDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{delivery_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again, with the same event id, as soon as the endpoint is free */
        post: operations["webhooksResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                /** @enum {string} */
                code: "bad_request" | "invalid_input" | "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "conflict" | "too_large" | "too_long" | "unsupported_type" | "rate_limited" | "internal" | "unavailable" | "busy" | "restarting" | "storage_unavailable" | "invalid_token" | "wrong_password" | "email_taken" | "self_delete" | "last_admin" | "empty_upload" | "upload_interrupted" | "unknown_upload" | "upload_in_use" | "damaged_image" | "too_many_pixels" | "empty_file" | "invalid_csv" | "import_invalid" | "import_running" | "bad_backup" | "attachment_type" | "attachment_too_large" | "in_use" | "container_loop" | "container_depth" | "out_on_job" | "job_closed" | "wrong_stage" | "empty_job" | "not_on_job" | "label_changed" | "already_required" | "inspection_due" | "dates_needed" | "overbooked" | "reserved_elsewhere" | "stocktake_finished" | "not_wrong_place" | "url_refused" | "webhook_disabled" | "invalid_idempotency_key" | "idempotency_key_reused" | "idempotency_in_progress";
                message: string;
            };
        };
    };
    responses: {
        /** @description The request was refused: `invalid_input` names the fields (nothing changed) */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not signed in, or the API token is invalid, expired or revoked */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Signed in without the permission, a cross-site write, or an API token that may not do this */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such record, or one the caller may not see */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests; try again later */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    activityPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                page: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @enum {string} */
                        type: "ITEM" | "CLIENT" | "LOCATION" | "LABEL" | "IMAGE" | "MEMBER" | "MANIFEST" | "COMPONENT" | "TOKEN" | "SERVICE_TOKEN" | "WEBHOOK" | "INSPECTION_KIND";
                        /** @enum {string} */
                        action: "CREATE" | "UPDATE" | "DELETE" | "SCAN" | "DISPATCH" | "RETURN" | "DAMAGE" | "CLOSE" | "MISSING" | "FOUND" | "IMPORT" | "USE" | "REVOKE" | "DISABLE" | "INSPECT" | "OVERRIDE" | "RESERVE" | "UNRESERVE" | "OVERBOOK" | "STOCKTAKE";
                        email: string | null;
                        source_id: string;
                        reference: {
                            name: string | null;
                            item_id: string | null;
                            id: string | null;
                            src: string | null;
                        };
                        detail: string | null;
                        created_at: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    systemConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        product_name: string;
                        public_url: string;
                        sso: {
                            name: string;
                            start_url: string;
                        } | null;
                        /** @enum {string} */
                        password_login: "on" | "admins" | "off";
                    };
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authForgot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    systemHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                        /** @enum {string} */
                        database: "sqlite" | "postgres";
                    };
                };
            };
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemsAllocate: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    note?: string | null;
                    status?: ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin") | "" | (null);
                    client_id?: string | null;
                    location_id?: string | null;
                    component_id?: string | null;
                    manifest_id: string;
                    container_id?: string | null;
                    /** @enum {string} */
                    condition?: "ok" | "damaged" | "missing";
                    condition_note?: string | null;
                    id?: string;
                    /** @description Bumped by every change to the editable fields */
                    version?: number;
                    pack_anyway?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        location_id: string | null;
                        location_name: string | null;
                        manifest_id: string | null;
                        manifest_name: string | null;
                        component_id: string | null;
                        component_name: string | null;
                        container_id: string | null;
                        container_name: string | null;
                        /** @enum {string} */
                        condition: "ok" | "damaged" | "missing";
                        condition_note: string | null;
                        /** @description ISO 8601 timestamp */
                        out_since: string | null;
                        last_scanned_by_email: string | null;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        abilities?: {
                            edit: boolean;
                            delete: boolean;
                            take_off: boolean;
                            return: boolean;
                        };
                        contents_count: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            current: {
                                id: string;
                                name: string | null;
                                note: string | null;
                                /** @enum {string|null} */
                                status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                                client_id: string | null;
                                client_name: string | null;
                                location_id: string | null;
                                location_name: string | null;
                                manifest_id: string | null;
                                manifest_name: string | null;
                                component_id: string | null;
                                component_name: string | null;
                                container_id: string | null;
                                container_name: string | null;
                                /** @enum {string} */
                                condition: "ok" | "damaged" | "missing";
                                condition_note: string | null;
                                /** @description ISO 8601 timestamp */
                                out_since: string | null;
                                last_scanned_by_email: string | null;
                                /** @description Bumped by every change to the editable fields */
                                version: number;
                                /** @description ISO 8601 timestamp */
                                updated_at: string;
                                /** @description ISO 8601 timestamp */
                                created_at: string;
                                abilities?: {
                                    edit: boolean;
                                    delete: boolean;
                                    take_off: boolean;
                                    return: boolean;
                                };
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reservationsAvailability: {
        parameters: {
            query: {
                from: string;
                to: string;
                component_id?: string;
                q?: string;
                status?: ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin") | ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin")[];
                exclude_manifest?: string;
                free?: "true" | "false";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        to: string;
                        components: {
                            component_id: string;
                            name: string;
                            total: number;
                            missing: number;
                            held: number;
                            unfilled: number;
                            damaged: number;
                            available: number;
                        }[];
                        items: {
                            id: string;
                            name: string | null;
                            component_id: string | null;
                            component_name: string | null;
                            /** @enum {string} */
                            condition: "ok" | "damaged" | "missing";
                            contents_count: number;
                            available: boolean;
                            at_risk: boolean;
                            held_by: {
                                manifest_id: string;
                                name: string;
                                /** @enum {string} */
                                stage: "planning" | "reserved" | "out" | "closed";
                                from: string | null;
                                to: string | null;
                                /** @enum {string} */
                                kind: "reserved" | "out" | "count";
                                overdue: boolean;
                                count?: number;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reservationsCalendar: {
        parameters: {
            query: {
                from: string;
                to: string;
                client_id?: string;
                component_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        to: string;
                        jobs: {
                            id: string;
                            name: string;
                            client_id: string | null;
                            client_name: string | null;
                            /** @enum {string} */
                            stage: "planning" | "reserved" | "out" | "closed";
                            out_date: string | null;
                            due_date: string | null;
                            prep_days: number;
                            turnaround_days: number;
                            from: string;
                            to: string;
                            items_count: number;
                            required_count: number;
                            short: boolean;
                            overdue: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clientsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clientsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clientsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clientsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Bumped by every change to the editable fields */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            current: {
                                id: string;
                                name: string;
                                /** @description Bumped by every change to the editable fields */
                                version: number;
                                /** @description ISO 8601 timestamp */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clientsRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    componentsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    componentsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    componentsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    componentsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Bumped by every change to the editable fields */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            current: {
                                id: string;
                                name: string;
                                /** @description Bumped by every change to the editable fields */
                                version: number;
                                /** @description ISO 8601 timestamp */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    componentsRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    manifestsDuplicate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    name: string;
                    note?: string | null;
                    status?: ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin") | "" | (null);
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        out_date: string | null;
                        due_date: string | null;
                        prep_days: number;
                        turnaround_days: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        abilities: {
                            edit: boolean;
                            delete: boolean;
                            pack: boolean;
                            dispatch: boolean;
                            return: boolean;
                            close: boolean;
                            reserve: boolean;
                            unreserve: boolean;
                            reserve_items: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importExport: {
        parameters: {
            query?: {
                q?: string;
                status?: ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin") | ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importImport: {
        parameters: {
            query?: {
                "map.id"?: string;
                "map.name"?: string;
                "map.type"?: string;
                "map.client"?: string;
                "map.location"?: string;
                "map.container"?: string;
                "map.component"?: string;
                "map.manifest"?: string;
                "map.label"?: string;
                "map.note"?: string;
                dry_run?: "0" | "1" | "true" | "false";
                valid_only?: "0" | "1" | "true" | "false";
                pack_anyway?: "0" | "1" | "true" | "false";
                filename?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
                "text/plain": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dry_run: boolean;
                        file: {
                            /** @enum {string} */
                            encoding: "utf-8" | "windows-1252" | "utf-16le";
                            /** @enum {string} */
                            delimiter: "," | ";" | "\t";
                            rows: number;
                            columns: string[];
                        };
                        mapping: {
                            [key: string]: string | null;
                        };
                        create: number;
                        update: number;
                        unchanged: number;
                        skipped: number;
                        errors: {
                            row: number;
                            column: string | null;
                            message: string;
                        }[];
                        invalid_rows: number;
                        questions: {
                            row: number;
                            column: string | null;
                            message: string;
                        }[];
                        new_clients: string[];
                        new_locations: string[];
                        new_components: string[];
                        new_manifests: string[];
                        preview: {
                            row: number;
                            /** @enum {string} */
                            action: "create" | "update" | "unchanged" | "error";
                            id: string | null;
                            values: {
                                [key: string]: string;
                            };
                        }[];
                        items: {
                            id: string;
                            name: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionKindsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        component_id: string;
                        component_name: string;
                        name: string;
                        interval_days: number;
                        blocks_dispatch: boolean;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionKindsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    component_id: string;
                    name: string;
                    interval_days: number;
                    /** @default false */
                    blocks_dispatch?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        component_id: string;
                        component_name: string;
                        name: string;
                        interval_days: number;
                        blocks_dispatch: boolean;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionKindsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    interval_days?: number;
                    blocks_dispatch?: boolean;
                    /** @description Bumped by every change to the editable fields */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        component_id: string;
                        component_name: string;
                        name: string;
                        interval_days: number;
                        blocks_dispatch: boolean;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            current: {
                                id: string;
                                component_id: string;
                                component_name: string;
                                name: string;
                                interval_days: number;
                                blocks_dispatch: boolean;
                                /** @description Bumped by every change to the editable fields */
                                version: number;
                                /** @description ISO 8601 timestamp */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionKindsRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionsAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionsDue: {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kind_id: string;
                        kind_name: string;
                        interval_days: number;
                        blocks_dispatch: boolean;
                        /** @enum {string} */
                        status: "never" | "passed" | "failed";
                        last_date: string | null;
                        next_due: string | null;
                        overdue: boolean;
                        item_id: string;
                        item_name: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemsList: {
        parameters: {
            query?: {
                q?: string;
                status?: ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin") | ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin")[];
                attention?: "true" | "false";
                limit?: number;
                offset?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        location_id: string | null;
                        location_name: string | null;
                        manifest_id: string | null;
                        manifest_name: string | null;
                        component_id: string | null;
                        component_name: string | null;
                        container_id: string | null;
                        container_name: string | null;
                        /** @enum {string} */
                        condition: "ok" | "damaged" | "missing";
                        condition_note: string | null;
                        /** @description ISO 8601 timestamp */
                        out_since: string | null;
                        last_scanned_by_email: string | null;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        abilities?: {
                            edit: boolean;
                            delete: boolean;
                            take_off: boolean;
                            return: boolean;
                        };
                    }[] | {
                        items: {
                            id: string;
                            name: string | null;
                            note: string | null;
                            /** @enum {string|null} */
                            status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                            client_id: string | null;
                            client_name: string | null;
                            location_id: string | null;
                            location_name: string | null;
                            manifest_id: string | null;
                            manifest_name: string | null;
                            component_id: string | null;
                            component_name: string | null;
                            container_id: string | null;
                            container_name: string | null;
                            /** @enum {string} */
                            condition: "ok" | "damaged" | "missing";
                            condition_note: string | null;
                            /** @description ISO 8601 timestamp */
                            out_since: string | null;
                            last_scanned_by_email: string | null;
                            /** @description Bumped by every change to the editable fields */
                            version: number;
                            /** @description ISO 8601 timestamp */
                            updated_at: string;
                            /** @description ISO 8601 timestamp */
                            created_at: string;
                            abilities?: {
                                edit: boolean;
                                delete: boolean;
                                take_off: boolean;
                                return: boolean;
                            };
                        }[];
                        total: number;
                        total_capped: boolean;
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemsCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    note?: string | null;
                    status?: ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin") | "" | (null);
                    client_id?: string | null;
                    location_id?: string | null;
                    component_id?: string | null;
                    manifest_id?: string | null;
                    container_id?: string | null;
                    /** @enum {string} */
                    condition?: "ok" | "damaged" | "missing";
                    condition_note?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        location_id: string | null;
                        location_name: string | null;
                        manifest_id: string | null;
                        manifest_name: string | null;
                        component_id: string | null;
                        component_name: string | null;
                        container_id: string | null;
                        container_name: string | null;
                        /** @enum {string} */
                        condition: "ok" | "damaged" | "missing";
                        condition_note: string | null;
                        /** @description ISO 8601 timestamp */
                        out_since: string | null;
                        last_scanned_by_email: string | null;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        abilities?: {
                            edit: boolean;
                            delete: boolean;
                            take_off: boolean;
                            return: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemsRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        location_id: string | null;
                        location_name: string | null;
                        manifest_id: string | null;
                        manifest_name: string | null;
                        component_id: string | null;
                        component_name: string | null;
                        container_id: string | null;
                        container_name: string | null;
                        /** @enum {string} */
                        condition: "ok" | "damaged" | "missing";
                        condition_note: string | null;
                        /** @description ISO 8601 timestamp */
                        out_since: string | null;
                        last_scanned_by_email: string | null;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        abilities?: {
                            edit: boolean;
                            delete: boolean;
                            take_off: boolean;
                            return: boolean;
                        };
                    } | {
                        id: string;
                        name: string | null;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        location_id: string | null;
                        location_name: string | null;
                        manifest_id: string | null;
                        manifest_name: string | null;
                        component_id: string | null;
                        component_name: string | null;
                        container_id: string | null;
                        container_name: string | null;
                        /** @enum {string} */
                        condition: "ok" | "damaged" | "missing";
                        condition_note: string | null;
                        /** @description ISO 8601 timestamp */
                        out_since: string | null;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        abilities?: {
                            edit: boolean;
                            delete: boolean;
                            take_off: boolean;
                            return: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemsUpdate: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    note?: string | null;
                    status?: ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin") | "" | (null);
                    client_id?: string | null;
                    location_id?: string | null;
                    component_id?: string | null;
                    manifest_id?: string | null;
                    container_id?: string | null;
                    /** @enum {string} */
                    condition?: "ok" | "damaged" | "missing";
                    condition_note?: string | null;
                    /** @description Bumped by every change to the editable fields */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        location_id: string | null;
                        location_name: string | null;
                        manifest_id: string | null;
                        manifest_name: string | null;
                        component_id: string | null;
                        component_name: string | null;
                        container_id: string | null;
                        container_name: string | null;
                        /** @enum {string} */
                        condition: "ok" | "damaged" | "missing";
                        condition_note: string | null;
                        /** @description ISO 8601 timestamp */
                        out_since: string | null;
                        last_scanned_by_email: string | null;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        abilities?: {
                            edit: boolean;
                            delete: boolean;
                            take_off: boolean;
                            return: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            current: {
                                id: string;
                                name: string | null;
                                note: string | null;
                                /** @enum {string|null} */
                                status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                                client_id: string | null;
                                client_name: string | null;
                                location_id: string | null;
                                location_name: string | null;
                                manifest_id: string | null;
                                manifest_name: string | null;
                                component_id: string | null;
                                component_name: string | null;
                                container_id: string | null;
                                container_name: string | null;
                                /** @enum {string} */
                                condition: "ok" | "damaged" | "missing";
                                condition_note: string | null;
                                /** @description ISO 8601 timestamp */
                                out_since: string | null;
                                last_scanned_by_email: string | null;
                                /** @description Bumped by every change to the editable fields */
                                version: number;
                                /** @description ISO 8601 timestamp */
                                updated_at: string;
                                /** @description ISO 8601 timestamp */
                                created_at: string;
                                abilities?: {
                                    edit: boolean;
                                    delete: boolean;
                                    take_off: boolean;
                                    return: boolean;
                                };
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemsRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reservationsItemBookings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item_id: string;
                        next: {
                            manifest_id: string;
                            name: string;
                            /** @enum {string} */
                            stage: "planning" | "reserved" | "out" | "closed";
                            out_date: string | null;
                            due_date: string | null;
                            from: string | null;
                            to: string | null;
                            /** @enum {string} */
                            kind: "planned" | "reserved" | "packed" | "out" | "returned" | "missing";
                            overdue: boolean;
                        } | null;
                        bookings: {
                            manifest_id: string;
                            name: string;
                            /** @enum {string} */
                            stage: "planning" | "reserved" | "out" | "closed";
                            out_date: string | null;
                            due_date: string | null;
                            from: string | null;
                            to: string | null;
                            /** @enum {string} */
                            kind: "planned" | "reserved" | "packed" | "out" | "returned" | "missing";
                            overdue: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemComponentsList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item_id: string;
                        component_id: string;
                        component_name: string;
                        count: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemComponentsAdd: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    component_id: string;
                    /** @default 1 */
                    count?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item_id: string;
                        component_id: string;
                        component_name: string;
                        count: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    containersContainers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        status: string | null;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    containersContents: {
        parameters: {
            query?: {
                deep?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        location_id: string | null;
                        location_name: string | null;
                        manifest_id: string | null;
                        manifest_name: string | null;
                        component_id: string | null;
                        component_name: string | null;
                        container_id: string | null;
                        container_name: string | null;
                        /** @enum {string} */
                        condition: "ok" | "damaged" | "missing";
                        condition_note: string | null;
                        /** @description ISO 8601 timestamp */
                        out_since: string | null;
                        last_scanned_by_email: string | null;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        abilities?: {
                            edit: boolean;
                            delete: boolean;
                            take_off: boolean;
                            return: boolean;
                        };
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    imagesList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        item_id: string;
                        src: string;
                        thumbnail_src: string | null;
                        width: number;
                        height: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    imagesCreate: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    src: string;
                    thumbnail_src?: string | null;
                    width?: number;
                    height?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        item_id: string;
                        src: string;
                        thumbnail_src: string | null;
                        width: number;
                        height: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionsForItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item_id: string;
                        schedule: {
                            kind_id: string;
                            kind_name: string;
                            interval_days: number;
                            blocks_dispatch: boolean;
                            /** @enum {string} */
                            status: "never" | "passed" | "failed";
                            last_date: string | null;
                            next_due: string | null;
                            overdue: boolean;
                        }[];
                        inspections: {
                            id: string;
                            item_id: string;
                            kind_id: string;
                            kind_name: string;
                            /** @enum {string} */
                            result: "passed" | "failed";
                            date: string;
                            note: string | null;
                            inspector: string | null;
                            recorded_by_email: string | null;
                            attachments: {
                                id: string;
                                filename: string;
                                content_type: string;
                                size: number;
                                url: string;
                            }[];
                            /** @description ISO 8601 timestamp */
                            created_at: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionsRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": string;
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        item_id: string;
                        kind_id: string;
                        kind_name: string;
                        /** @enum {string} */
                        result: "passed" | "failed";
                        date: string;
                        note: string | null;
                        inspector: string | null;
                        recorded_by_email: string | null;
                        attachments: {
                            id: string;
                            filename: string;
                            content_type: string;
                            size: number;
                            url: string;
                        }[];
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    labelsListForItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        item_id: string | null;
                        name: string | null;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemComponentsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
                componentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    count: number;
                    /** @description Bumped by every change to the editable fields */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item_id: string;
                        component_id: string;
                        component_name: string;
                        count: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            current: {
                                item_id: string;
                                component_id: string;
                                component_name: string;
                                count: number;
                                /** @description Bumped by every change to the editable fields */
                                version: number;
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemComponentsRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
                componentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    imagesRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    labelsAttach: {
        parameters: {
            query?: {
                replace?: "true" | "false";
            };
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    item_id: string;
                    id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        item_id: string | null;
                        name: string | null;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    } | boolean;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    labelsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        item_id: string | null;
                        name: string | null;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    labelsUpdate: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    item_id: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        item_id: string | null;
                        name: string | null;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    printingPresets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        kind: "sheet" | "roll" | "placard";
                        page_mm: {
                            width: number;
                            height: number;
                        };
                        label_mm: {
                            width: number;
                            height: number;
                        };
                        per_page: number;
                        qr_mm: number;
                        module_mm: number;
                        /** @enum {string} */
                        qr_level: "L" | "M" | "Q" | "H";
                        offset_mm: {
                            x: number;
                            y: number;
                        };
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    printingSaveOffset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: "avery-l7160" | "avery-l7163" | "avery-l7173" | "avery-5160" | "avery-5163" | "grid-4x5-a4" | "grid-4x5-letter" | "brother-ql-62" | "brother-ql-29x90" | "dymo-99012" | "zebra-4x6" | "zebra-2x1" | "placard-a5" | "placard-a4";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    x: number;
                    y: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        kind: "sheet" | "roll" | "placard";
                        page_mm: {
                            width: number;
                            height: number;
                        };
                        label_mm: {
                            width: number;
                            height: number;
                        };
                        per_page: number;
                        qr_mm: number;
                        module_mm: number;
                        /** @enum {string} */
                        qr_level: "L" | "M" | "Q" | "H";
                        offset_mm: {
                            x: number;
                            y: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    printingPrint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    preset: "avery-l7160" | "avery-l7163" | "avery-l7173" | "avery-5160" | "avery-5163" | "grid-4x5-a4" | "grid-4x5-letter" | "brother-ql-62" | "brother-ql-29x90" | "dymo-99012" | "zebra-4x6" | "zebra-2x1" | "placard-a5" | "placard-a4";
                    item_ids?: string[];
                    manifest_id?: string;
                    container_id?: string;
                    /** @enum {boolean} */
                    without_label?: true;
                    codes?: string[];
                    count?: number;
                    skip?: number;
                    offset_mm?: {
                        x: number;
                        y: number;
                    };
                    details?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    locationsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    locationsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    locationsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    locationsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Bumped by every change to the editable fields */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            current: {
                                id: string;
                                name: string;
                                /** @description Bumped by every change to the editable fields */
                                version: number;
                                /** @description ISO 8601 timestamp */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    locationsRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stocktakesLocation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        expected_count: number;
                        items: {
                            id: string;
                            name: string | null;
                            status: string | null;
                            location_name: string | null;
                            container_name: string | null;
                        }[];
                        stocktakes: {
                            id: string;
                            location_id: string | null;
                            container_id: string | null;
                            place_name: string;
                            count_contents: boolean;
                            /** @enum {string} */
                            status: "open" | "finished";
                            expected_count: number;
                            counts: {
                                expected: number;
                                found: number;
                                wrong_place: number;
                                unexpected: number;
                                unknown: number;
                                not_scanned: number;
                                missing: number;
                            };
                            started_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            started_at: string;
                            finished_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            finished_at: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    manifestsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        out_date: string | null;
                        due_date: string | null;
                        prep_days: number;
                        turnaround_days: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        abilities: {
                            edit: boolean;
                            delete: boolean;
                            pack: boolean;
                            dispatch: boolean;
                            return: boolean;
                            close: boolean;
                            reserve: boolean;
                            unreserve: boolean;
                            reserve_items: boolean;
                        };
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    manifestsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    note?: string | null;
                    status?: ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin") | "" | (null);
                    client_id?: string | null;
                    out_date?: string | "" | (null);
                    due_date?: string | "" | (null);
                    prep_days?: number;
                    turnaround_days?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        out_date: string | null;
                        due_date: string | null;
                        prep_days: number;
                        turnaround_days: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        abilities: {
                            edit: boolean;
                            delete: boolean;
                            pack: boolean;
                            dispatch: boolean;
                            return: boolean;
                            close: boolean;
                            reserve: boolean;
                            unreserve: boolean;
                            reserve_items: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    manifestsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        out_date: string | null;
                        due_date: string | null;
                        prep_days: number;
                        turnaround_days: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        abilities: {
                            edit: boolean;
                            delete: boolean;
                            pack: boolean;
                            dispatch: boolean;
                            return: boolean;
                            close: boolean;
                            reserve: boolean;
                            unreserve: boolean;
                            reserve_items: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    manifestsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    note?: string | null;
                    status?: ("Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin") | "" | (null);
                    client_id?: string | null;
                    out_date?: string | "" | (null);
                    due_date?: string | "" | (null);
                    prep_days?: number;
                    turnaround_days?: number;
                    override?: boolean;
                    override_note?: string | null;
                    /** @description Bumped by every change to the editable fields */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        out_date: string | null;
                        due_date: string | null;
                        prep_days: number;
                        turnaround_days: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        abilities: {
                            edit: boolean;
                            delete: boolean;
                            pack: boolean;
                            dispatch: boolean;
                            return: boolean;
                            close: boolean;
                            reserve: boolean;
                            unreserve: boolean;
                            reserve_items: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            current: {
                                id: string;
                                name: string;
                                note: string | null;
                                /** @enum {string|null} */
                                status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                                client_id: string | null;
                                client_name: string | null;
                                /** @enum {string} */
                                stage: "planning" | "reserved" | "out" | "closed";
                                out_date: string | null;
                                due_date: string | null;
                                prep_days: number;
                                turnaround_days: number;
                                /** @description Bumped by every change to the editable fields */
                                version: number;
                                /** @description ISO 8601 timestamp */
                                updated_at: string;
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    manifestsRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reservationsManifestAvailability: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        manifest_id: string;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        from: string | null;
                        to: string | null;
                        requirements: {
                            component_id: string;
                            component_name: string;
                            required: number;
                            fulfilled: number;
                            available: number;
                            short: number;
                            at_risk: boolean;
                            blocking: {
                                manifest_id: string;
                                name: string;
                                /** @enum {string} */
                                stage: "planning" | "reserved" | "out" | "closed";
                                from: string | null;
                                to: string | null;
                                /** @enum {string} */
                                kind: "reserved" | "out" | "count";
                                overdue: boolean;
                                count?: number;
                            }[];
                        }[];
                        reservations: {
                            manifest_id: string;
                            item_id: string;
                            item_name: string | null;
                            component_id: string | null;
                            component_name: string | null;
                            via_item_id: string | null;
                            packed: boolean;
                            /** @description ISO 8601 timestamp */
                            created_at: string;
                            /** @enum {string} */
                            condition: "ok" | "damaged" | "missing";
                            available: boolean;
                            at_risk: boolean;
                            blocking: {
                                manifest_id: string;
                                name: string;
                                /** @enum {string} */
                                stage: "planning" | "reserved" | "out" | "closed";
                                from: string | null;
                                to: string | null;
                                /** @enum {string} */
                                kind: "reserved" | "out" | "count";
                                overdue: boolean;
                                count?: number;
                            }[];
                        }[];
                        short: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    roundTripClose: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        out_date: string | null;
                        due_date: string | null;
                        prep_days: number;
                        turnaround_days: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        abilities: {
                            edit: boolean;
                            delete: boolean;
                            pack: boolean;
                            dispatch: boolean;
                            return: boolean;
                            close: boolean;
                            reserve: boolean;
                            unreserve: boolean;
                            reserve_items: boolean;
                        };
                        items_total: number;
                        items_out: number;
                        items_returned: number;
                        items_damaged: number;
                        items_missing: number;
                        overdue: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemsManifestComponents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        component_id: string;
                        component_name: string;
                        count: number;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    roundTripDispatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    override?: boolean;
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        out_date: string | null;
                        due_date: string | null;
                        prep_days: number;
                        turnaround_days: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        abilities: {
                            edit: boolean;
                            delete: boolean;
                            pack: boolean;
                            dispatch: boolean;
                            return: boolean;
                            close: boolean;
                            reserve: boolean;
                            unreserve: boolean;
                            reserve_items: boolean;
                        };
                        items_total: number;
                        items_out: number;
                        items_returned: number;
                        items_damaged: number;
                        items_missing: number;
                        overdue: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionsForJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kind_id: string;
                        kind_name: string;
                        interval_days: number;
                        blocks_dispatch: boolean;
                        /** @enum {string} */
                        status: "never" | "passed" | "failed";
                        last_date: string | null;
                        next_due: string | null;
                        overdue: boolean;
                        item_id: string;
                        item_name: string | null;
                        message: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    itemsManifestItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string | null;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        location_id: string | null;
                        location_name: string | null;
                        manifest_id: string | null;
                        manifest_name: string | null;
                        component_id: string | null;
                        component_name: string | null;
                        container_id: string | null;
                        container_name: string | null;
                        /** @enum {string} */
                        condition: "ok" | "damaged" | "missing";
                        condition_note: string | null;
                        /** @description ISO 8601 timestamp */
                        out_since: string | null;
                        last_scanned_by_email: string | null;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        abilities?: {
                            edit: boolean;
                            delete: boolean;
                            take_off: boolean;
                            return: boolean;
                        };
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    printingPackingSheet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requirementsList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        manifest_id: string;
                        component_id: string;
                        component_name: string;
                        count: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requirementsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    component_id: string;
                    /** @default 1 */
                    count?: number;
                    override?: boolean;
                    override_note?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        manifest_id: string;
                        component_id: string;
                        component_name: string;
                        count: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reservationsList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        manifest_id: string;
                        item_id: string;
                        item_name: string | null;
                        component_id: string | null;
                        component_name: string | null;
                        via_item_id: string | null;
                        packed: boolean;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reservationsAdd: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    item_id: string;
                    override?: boolean;
                    override_note?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        manifest_id: string;
                        item_id: string;
                        item_name: string | null;
                        component_id: string | null;
                        component_name: string | null;
                        via_item_id: string | null;
                        packed: boolean;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reservationsRemove: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    item_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reservationsReserve: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    override?: boolean;
                    override_note?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        out_date: string | null;
                        due_date: string | null;
                        prep_days: number;
                        turnaround_days: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        abilities: {
                            edit: boolean;
                            delete: boolean;
                            pack: boolean;
                            dispatch: boolean;
                            return: boolean;
                            close: boolean;
                            reserve: boolean;
                            unreserve: boolean;
                            reserve_items: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    roundTripReturns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        out: {
                            id: string;
                            name: string | null;
                            note: string | null;
                            /** @enum {string|null} */
                            status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                            client_id: string | null;
                            client_name: string | null;
                            location_id: string | null;
                            location_name: string | null;
                            manifest_id: string | null;
                            manifest_name: string | null;
                            component_id: string | null;
                            component_name: string | null;
                            container_id: string | null;
                            container_name: string | null;
                            /** @enum {string} */
                            condition: "ok" | "damaged" | "missing";
                            condition_note: string | null;
                            /** @description ISO 8601 timestamp */
                            out_since: string | null;
                            last_scanned_by_email: string | null;
                            /** @description Bumped by every change to the editable fields */
                            version: number;
                            /** @description ISO 8601 timestamp */
                            updated_at: string;
                            /** @description ISO 8601 timestamp */
                            created_at: string;
                            abilities?: {
                                edit: boolean;
                                delete: boolean;
                                take_off: boolean;
                                return: boolean;
                            };
                        }[];
                        returned: {
                            id: string;
                            name: string | null;
                            note: string | null;
                            /** @enum {string|null} */
                            status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                            client_id: string | null;
                            client_name: string | null;
                            location_id: string | null;
                            location_name: string | null;
                            manifest_id: string | null;
                            manifest_name: string | null;
                            component_id: string | null;
                            component_name: string | null;
                            container_id: string | null;
                            container_name: string | null;
                            /** @enum {string} */
                            condition: "ok" | "damaged" | "missing";
                            condition_note: string | null;
                            /** @description ISO 8601 timestamp */
                            out_since: string | null;
                            last_scanned_by_email: string | null;
                            /** @description Bumped by every change to the editable fields */
                            version: number;
                            /** @description ISO 8601 timestamp */
                            updated_at: string;
                            /** @description ISO 8601 timestamp */
                            created_at: string;
                            abilities?: {
                                edit: boolean;
                                delete: boolean;
                                take_off: boolean;
                                return: boolean;
                            };
                        }[];
                        damaged: {
                            id: string;
                            name: string | null;
                            note: string | null;
                            /** @enum {string|null} */
                            status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                            client_id: string | null;
                            client_name: string | null;
                            location_id: string | null;
                            location_name: string | null;
                            manifest_id: string | null;
                            manifest_name: string | null;
                            component_id: string | null;
                            component_name: string | null;
                            container_id: string | null;
                            container_name: string | null;
                            /** @enum {string} */
                            condition: "ok" | "damaged" | "missing";
                            condition_note: string | null;
                            /** @description ISO 8601 timestamp */
                            out_since: string | null;
                            last_scanned_by_email: string | null;
                            /** @description Bumped by every change to the editable fields */
                            version: number;
                            /** @description ISO 8601 timestamp */
                            updated_at: string;
                            /** @description ISO 8601 timestamp */
                            created_at: string;
                            abilities?: {
                                edit: boolean;
                                delete: boolean;
                                take_off: boolean;
                                return: boolean;
                            };
                        }[];
                        missing: {
                            id: string;
                            name: string | null;
                            note: string | null;
                            /** @enum {string|null} */
                            status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                            client_id: string | null;
                            client_name: string | null;
                            location_id: string | null;
                            location_name: string | null;
                            manifest_id: string | null;
                            manifest_name: string | null;
                            component_id: string | null;
                            component_name: string | null;
                            container_id: string | null;
                            container_name: string | null;
                            /** @enum {string} */
                            condition: "ok" | "damaged" | "missing";
                            condition_note: string | null;
                            /** @description ISO 8601 timestamp */
                            out_since: string | null;
                            last_scanned_by_email: string | null;
                            /** @description Bumped by every change to the editable fields */
                            version: number;
                            /** @description ISO 8601 timestamp */
                            updated_at: string;
                            /** @description ISO 8601 timestamp */
                            created_at: string;
                            abilities?: {
                                edit: boolean;
                                delete: boolean;
                                take_off: boolean;
                                return: boolean;
                            };
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    roundTripReturnItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    item_id: string;
                    location_id?: string | null;
                    /** @enum {string} */
                    condition: "ok" | "damaged";
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item: {
                            id: string;
                            name: string | null;
                            note: string | null;
                            /** @enum {string|null} */
                            status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                            client_id: string | null;
                            client_name: string | null;
                            location_id: string | null;
                            location_name: string | null;
                            manifest_id: string | null;
                            manifest_name: string | null;
                            component_id: string | null;
                            component_name: string | null;
                            container_id: string | null;
                            container_name: string | null;
                            /** @enum {string} */
                            condition: "ok" | "damaged" | "missing";
                            condition_note: string | null;
                            /** @description ISO 8601 timestamp */
                            out_since: string | null;
                            last_scanned_by_email: string | null;
                            /** @description Bumped by every change to the editable fields */
                            version: number;
                            /** @description ISO 8601 timestamp */
                            updated_at: string;
                            /** @description ISO 8601 timestamp */
                            created_at: string;
                            abilities?: {
                                edit: boolean;
                                delete: boolean;
                                take_off: boolean;
                                return: boolean;
                            };
                        };
                        /** @enum {string} */
                        outcome: "returned" | "found";
                        contents_count: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reservationsUnreserve: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        out_date: string | null;
                        due_date: string | null;
                        prep_days: number;
                        turnaround_days: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        abilities: {
                            edit: boolean;
                            delete: boolean;
                            pack: boolean;
                            dispatch: boolean;
                            return: boolean;
                            close: boolean;
                            reserve: boolean;
                            unreserve: boolean;
                            reserve_items: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requirementsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                manifestId: string;
                componentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    count: number;
                    override?: boolean;
                    override_note?: string | null;
                    /** @description Bumped by every change to the editable fields */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        manifest_id: string;
                        component_id: string;
                        component_name: string;
                        count: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            current: {
                                manifest_id: string;
                                component_id: string;
                                component_name: string;
                                count: number;
                                /** @description Bumped by every change to the editable fields */
                                version: number;
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requirementsRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                manifestId: string;
                componentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    roundTripOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        note: string | null;
                        /** @enum {string|null} */
                        status: "Pallet" | "Crate" | "Rack" | "Fabric" | "Panel" | "Piece" | "FF&E" | "Tools" | "Bin" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @enum {string} */
                        stage: "planning" | "reserved" | "out" | "closed";
                        out_date: string | null;
                        due_date: string | null;
                        prep_days: number;
                        turnaround_days: number;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        abilities: {
                            edit: boolean;
                            delete: boolean;
                            pack: boolean;
                            dispatch: boolean;
                            return: boolean;
                            close: boolean;
                            reserve: boolean;
                            unreserve: boolean;
                            reserve_items: boolean;
                        };
                        items_total: number;
                        items_out: number;
                        items_returned: number;
                        items_damaged: number;
                        items_missing: number;
                        overdue: boolean;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    labelsScan: {
        parameters: {
            query?: {
                mode?: "return";
            };
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        item_id: string | null;
                        name: string | null;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    } | null;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stocktakesList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        location_id: string | null;
                        container_id: string | null;
                        place_name: string;
                        count_contents: boolean;
                        /** @enum {string} */
                        status: "open" | "finished";
                        expected_count: number;
                        counts: {
                            expected: number;
                            found: number;
                            wrong_place: number;
                            unexpected: number;
                            unknown: number;
                            not_scanned: number;
                            missing: number;
                        };
                        started_by_email: string | null;
                        /** @description ISO 8601 timestamp */
                        started_at: string;
                        finished_by_email: string | null;
                        /** @description ISO 8601 timestamp */
                        finished_at: string | null;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stocktakesStart: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    location_id?: string;
                    container_id?: string;
                    count_contents?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        location_id: string | null;
                        container_id: string | null;
                        place_name: string;
                        count_contents: boolean;
                        /** @enum {string} */
                        status: "open" | "finished";
                        expected_count: number;
                        counts: {
                            expected: number;
                            found: number;
                            wrong_place: number;
                            unexpected: number;
                            unknown: number;
                            not_scanned: number;
                            missing: number;
                        };
                        started_by_email: string | null;
                        /** @description ISO 8601 timestamp */
                        started_at: string;
                        finished_by_email: string | null;
                        /** @description ISO 8601 timestamp */
                        finished_at: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stocktakesGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        location_id: string | null;
                        container_id: string | null;
                        place_name: string;
                        count_contents: boolean;
                        /** @enum {string} */
                        status: "open" | "finished";
                        expected_count: number;
                        counts: {
                            expected: number;
                            found: number;
                            wrong_place: number;
                            unexpected: number;
                            unknown: number;
                            not_scanned: number;
                            missing: number;
                        };
                        started_by_email: string | null;
                        /** @description ISO 8601 timestamp */
                        started_at: string;
                        finished_by_email: string | null;
                        /** @description ISO 8601 timestamp */
                        finished_at: string | null;
                        found: {
                            item: {
                                id: string;
                                name: string | null;
                                status: string | null;
                                location_name: string | null;
                                container_name: string | null;
                            };
                            /** @enum {string} */
                            outcome: "found" | "wrong_place" | "unexpected";
                            code: string | null;
                            via_container_id: string | null;
                            detail: string | null;
                            /** @description ISO 8601 timestamp */
                            moved_at: string | null;
                            scanned_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            scanned_at: string;
                        }[];
                        wrong_place: {
                            item: {
                                id: string;
                                name: string | null;
                                status: string | null;
                                location_name: string | null;
                                container_name: string | null;
                            };
                            /** @enum {string} */
                            outcome: "found" | "wrong_place" | "unexpected";
                            code: string | null;
                            via_container_id: string | null;
                            detail: string | null;
                            /** @description ISO 8601 timestamp */
                            moved_at: string | null;
                            scanned_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            scanned_at: string;
                        }[];
                        unexpected: {
                            item: {
                                id: string;
                                name: string | null;
                                status: string | null;
                                location_name: string | null;
                                container_name: string | null;
                            };
                            /** @enum {string} */
                            outcome: "found" | "wrong_place" | "unexpected";
                            code: string | null;
                            via_container_id: string | null;
                            detail: string | null;
                            /** @description ISO 8601 timestamp */
                            moved_at: string | null;
                            scanned_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            scanned_at: string;
                        }[];
                        unknown: {
                            code: string;
                            scanned_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            scanned_at: string;
                        }[];
                        not_scanned: {
                            id: string;
                            name: string | null;
                            status: string | null;
                            location_name: string | null;
                            container_name: string | null;
                        }[];
                        missing: {
                            id: string;
                            name: string | null;
                            status: string | null;
                            location_name: string | null;
                            container_name: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stocktakesFinish: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mark_missing: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        location_id: string | null;
                        container_id: string | null;
                        place_name: string;
                        count_contents: boolean;
                        /** @enum {string} */
                        status: "open" | "finished";
                        expected_count: number;
                        counts: {
                            expected: number;
                            found: number;
                            wrong_place: number;
                            unexpected: number;
                            unknown: number;
                            not_scanned: number;
                            missing: number;
                        };
                        started_by_email: string | null;
                        /** @description ISO 8601 timestamp */
                        started_at: string;
                        finished_by_email: string | null;
                        /** @description ISO 8601 timestamp */
                        finished_at: string | null;
                        found: {
                            item: {
                                id: string;
                                name: string | null;
                                status: string | null;
                                location_name: string | null;
                                container_name: string | null;
                            };
                            /** @enum {string} */
                            outcome: "found" | "wrong_place" | "unexpected";
                            code: string | null;
                            via_container_id: string | null;
                            detail: string | null;
                            /** @description ISO 8601 timestamp */
                            moved_at: string | null;
                            scanned_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            scanned_at: string;
                        }[];
                        wrong_place: {
                            item: {
                                id: string;
                                name: string | null;
                                status: string | null;
                                location_name: string | null;
                                container_name: string | null;
                            };
                            /** @enum {string} */
                            outcome: "found" | "wrong_place" | "unexpected";
                            code: string | null;
                            via_container_id: string | null;
                            detail: string | null;
                            /** @description ISO 8601 timestamp */
                            moved_at: string | null;
                            scanned_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            scanned_at: string;
                        }[];
                        unexpected: {
                            item: {
                                id: string;
                                name: string | null;
                                status: string | null;
                                location_name: string | null;
                                container_name: string | null;
                            };
                            /** @enum {string} */
                            outcome: "found" | "wrong_place" | "unexpected";
                            code: string | null;
                            via_container_id: string | null;
                            detail: string | null;
                            /** @description ISO 8601 timestamp */
                            moved_at: string | null;
                            scanned_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            scanned_at: string;
                        }[];
                        unknown: {
                            code: string;
                            scanned_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            scanned_at: string;
                        }[];
                        not_scanned: {
                            id: string;
                            name: string | null;
                            status: string | null;
                            location_name: string | null;
                            container_name: string | null;
                        }[];
                        missing: {
                            id: string;
                            name: string | null;
                            status: string | null;
                            location_name: string | null;
                            container_name: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stocktakesMove: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    item_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        row: {
                            item: {
                                id: string;
                                name: string | null;
                                status: string | null;
                                location_name: string | null;
                                container_name: string | null;
                            };
                            /** @enum {string} */
                            outcome: "found" | "wrong_place" | "unexpected";
                            code: string | null;
                            via_container_id: string | null;
                            detail: string | null;
                            /** @description ISO 8601 timestamp */
                            moved_at: string | null;
                            scanned_by_email: string | null;
                            /** @description ISO 8601 timestamp */
                            scanned_at: string;
                        };
                        counts: {
                            expected: number;
                            found: number;
                            wrong_place: number;
                            unexpected: number;
                            unknown: number;
                            not_scanned: number;
                            missing: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stocktakesReportCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stocktakesReportPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stocktakesScan: {
        parameters: {
            query?: never;
            header?: {
                /** @description A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        outcome: "found" | "wrong_place" | "unexpected" | "unknown" | "already";
                        code: string;
                        item?: {
                            id: string;
                            name: string | null;
                            status: string | null;
                            location_name: string | null;
                            container_name: string | null;
                        };
                        detail: string | null;
                        contents_found: number;
                        counts: {
                            expected: number;
                            found: number;
                            wrong_place: number;
                            unexpected: number;
                            unknown: number;
                            not_scanned: number;
                            missing: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        is_admin: boolean;
                        client_id: string | null;
                        email_verified: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        is_admin: boolean;
                        client_id: string | null;
                        email_verified: boolean;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    membersCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                    is_admin?: boolean;
                    client_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        is_admin: boolean;
                        client_id: string | null;
                        email_verified: boolean;
                        client_name: string | null;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionsDigest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inspectionsSetDigest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authResendVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authVerifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    membersChangePassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    /** @description Bumped by every change to the editable fields */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            current: {
                                id: string;
                                email: string;
                                is_admin: boolean;
                                client_id: string | null;
                                email_verified: boolean;
                                client_name: string | null;
                                /** @description Bumped by every change to the editable fields */
                                version: number;
                                /** @description ISO 8601 timestamp */
                                created_at: string;
                            };
                        };
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    membersRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    membersList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        is_admin: boolean;
                        client_id: string | null;
                        email_verified: boolean;
                        client_name: string | null;
                        /** @description Bumped by every change to the editable fields */
                        version: number;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    membersChangeOwnPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        is_admin: boolean;
                        client_id: string | null;
                        email_verified: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authResetInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    authReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        is_admin: boolean;
                        client_id: string | null;
                        email_verified: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    serviceTokensList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        kind: "personal" | "service";
                        /** @enum {string} */
                        scope: "read" | "read-write";
                        /** @enum {string|null} */
                        role: "staff" | "client" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        /** @description ISO 8601 timestamp */
                        expires_at: string | null;
                        /** @description ISO 8601 timestamp */
                        last_used_at: string | null;
                        last_used_address: string | null;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    serviceTokensCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    role: "staff" | "client";
                    /** @description The client whose things a client-role token sees; required for role client. */
                    client_id?: string;
                    /** @enum {string} */
                    scope: "read" | "read-write";
                    /** @description Days until the token stops working; 90 when left out for personal tokens. null: never (personal tokens: admins only). */
                    expires_in_days?: number | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        kind: "personal" | "service";
                        /** @enum {string} */
                        scope: "read" | "read-write";
                        /** @enum {string|null} */
                        role: "staff" | "client" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        /** @description ISO 8601 timestamp */
                        expires_at: string | null;
                        /** @description ISO 8601 timestamp */
                        last_used_at: string | null;
                        last_used_address: string | null;
                        /** @description The secret, shown this once: send it as `Authorization: Bearer …` */
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    serviceTokensRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tokensList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        kind: "personal" | "service";
                        /** @enum {string} */
                        scope: "read" | "read-write";
                        /** @enum {string|null} */
                        role: "staff" | "client" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        /** @description ISO 8601 timestamp */
                        expires_at: string | null;
                        /** @description ISO 8601 timestamp */
                        last_used_at: string | null;
                        last_used_address: string | null;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tokensCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    scope: "read" | "read-write";
                    /** @description Days until the token stops working; 90 when left out for personal tokens. null: never (personal tokens: admins only). */
                    expires_in_days?: number | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        kind: "personal" | "service";
                        /** @enum {string} */
                        scope: "read" | "read-write";
                        /** @enum {string|null} */
                        role: "staff" | "client" | null;
                        client_id: string | null;
                        client_name: string | null;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        /** @description ISO 8601 timestamp */
                        expires_at: string | null;
                        /** @description ISO 8601 timestamp */
                        last_used_at: string | null;
                        last_used_address: string | null;
                        /** @description The secret, shown this once: send it as `Authorization: Bearer …` */
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    tokensRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadsUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                filename: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/jpeg": string;
                "image/png": string;
                "image/webp": string;
                "image/gif": string;
                "image/avif": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        width: number;
                        height: number;
                        thumbnail_url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        events: string[];
                        enabled: boolean;
                        disabled_reason: string | null;
                        /** @description ISO 8601 timestamp */
                        failing_since: string | null;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    events: ("item.created" | "item.updated" | "item.deleted" | "label.attached" | "label.moved" | "item.scanned" | "job.dispatched" | "item.returned" | "item.damaged" | "item.missing" | "item.found" | "job.closed" | "*")[];
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        events: string[];
                        enabled: boolean;
                        disabled_reason: string | null;
                        /** @description ISO 8601 timestamp */
                        failing_since: string | null;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    events?: ("item.created" | "item.updated" | "item.deleted" | "label.attached" | "label.moved" | "item.scanned" | "job.dispatched" | "item.returned" | "item.damaged" | "item.missing" | "item.found" | "job.closed" | "*")[];
                    enabled?: boolean;
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        events: string[];
                        enabled: boolean;
                        disabled_reason: string | null;
                        /** @description ISO 8601 timestamp */
                        failing_since: string | null;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                        /** @description ISO 8601 timestamp */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        event_id: string;
                        event_type: string;
                        /** @enum {string} */
                        status: "pending" | "delivered" | "failed";
                        attempts: number;
                        response_status: number | null;
                        error: string | null;
                        /** @description ISO 8601 timestamp */
                        last_attempt_at: string | null;
                        /** @description ISO 8601 timestamp */
                        next_attempt_at: string | null;
                        /** @description ISO 8601 timestamp */
                        delivered_at: string | null;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        event_id: string;
                        event_type: string;
                        /** @enum {string} */
                        status: "pending" | "delivered" | "failed";
                        attempts: number;
                        response_status: number | null;
                        error: string | null;
                        /** @description ISO 8601 timestamp */
                        last_attempt_at: string | null;
                        /** @description ISO 8601 timestamp */
                        next_attempt_at: string | null;
                        /** @description ISO 8601 timestamp */
                        delivered_at: string | null;
                        /** @description ISO 8601 timestamp */
                        created_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description Error */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
