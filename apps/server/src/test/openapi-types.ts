export interface paths {
    "/api/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The site's public settings (company, time zone, sign-in providers) */
        get: operations["getConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/business-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shop's business details (the environment's until first saved) */
        get: operations["getSettingsBusinessDetails"];
        /** Save the shop's business details; they apply at once */
        put: operations["putSettingsBusinessDetails"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/business-details/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the shop's logo (PNG, JPEG or WebP, at most 2 MB); it applies at once
         * @description A multipart form with one file field, `logo`. What is kept is a PNG at most 600 × 200 px.
         */
        put: operations["putSettingsBusinessDetailsLogo"];
        post?: never;
        /** Remove the shop's logo */
        delete: operations["deleteSettingsBusinessDetailsLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/business/logo/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shop's logo as a PNG (its address is in GET /api/config) */
        get: operations["getBusinessLogoByFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign up: a customer account and a sign-in token */
        post: operations["postAuthSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign a customer in by email or username and password */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/admin-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign a staff member in */
        post: operations["postAuthAdminLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a sign-in token is still good, and whose it is */
        get: operations["getAuthVerifyToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: operations["getAuthUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: end this session */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password reset link */
        post: operations["postAuthForgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose a new password with a reset link's token */
        post: operations["postAuthResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm one's email address with the mailed link's token
         * @description The first confirmation starts the account afresh: every other session ends, and what was set up before it (two-factor, invitations, people added) is taken back and listed in `undone`.
         */
        post: operations["postAuthVerifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail the signed-in person a new link to confirm their email address */
        post: operations["postAuthVerifyEmailResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change one's password (other sessions end) */
        put: operations["putUsersPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The second step of a sign-in: a code or a recovery code for the ticket */
        post: operations["postAuthTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/setup-ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start the set-up a staff member must do to sign in (set-up ticket) */
        post: operations["postAuthTwoFactorSetupTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/setup-ticket/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm that set-up with a code: the recovery codes and a sign-in token */
        post: operations["postAuthTwoFactorSetupTicketConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether one's two-factor sign-in is on */
        get: operations["getAuthTwoFactorStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start setting up two-factor sign-in (secret and QR code) */
        post: operations["postAuthTwoFactorSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor sign-in on with a first code */
        post: operations["postAuthTwoFactorConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn one's two-factor sign-in off */
        post: operations["postAuthTwoFactorDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New recovery codes (the old ones stop working) */
        post: operations["postAuthTwoFactorRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether staff must use two-factor sign-in */
        get: operations["getAuthTwoFactorPolicy"];
        /** Require two-factor sign-in of all staff, or stop requiring it */
        put: operations["putAuthTwoFactorPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Reset a user's second factor: they sign in with their password and set it up again */
        delete: operations["deleteAuthTwoFactorUsersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One's own profile */
        get: operations["getUsersProfile"];
        /** Update one's own profile */
        put: operations["putUsersProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/payment-method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One's card on file */
        get: operations["getUsersPaymentMethod"];
        /** Replace one's card on file */
        put: operations["putUsersPaymentMethod"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment-methods/{paymentMethodId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A card on file, by its id */
        get: operations["getPaymentMethodsByPaymentMethodId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment-methods/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a customer's card on file */
        put: operations["putPaymentMethodsByCustomerId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List customers */
        get: operations["getUsersClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer */
        get: operations["getUsersClientsById"];
        /** Update a customer's details */
        put: operations["putUsersClientsById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/clients/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer's notes */
        get: operations["getUsersClientsByIdNotes"];
        put?: never;
        /** Add a note to a customer */
        post: operations["postUsersClientsByIdNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/clients/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What was done to a customer and their projects */
        get: operations["getUsersClientsByIdAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/google": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start Google sign-in (browser navigation) */
        get: operations["getAuthGoogle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/facebook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start Facebook sign-in (browser navigation) */
        get: operations["getAuthFacebook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/apple": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start Apple sign-in (browser navigation) */
        get: operations["getAuthApple"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange the one-time code of /auth-success?code= for a sign-in token */
        post: operations["postAuthExchange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oauth/link/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What linking a provider's sign-in to an account would do */
        post: operations["postAuthOauthLinkPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oauth/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Link a provider's sign-in to an existing account */
        post: operations["postAuthOauthLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One's latest notifications */
        get: operations["getNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a notification read */
        post: operations["postNotificationsByIdRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/read-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark every notification read */
        post: operations["postNotificationsReadAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which notifications one also gets by email */
        get: operations["getNotificationsSettings"];
        /** Choose which notifications one also gets by email */
        put: operations["putNotificationsSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/my/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What waits for the caller’s company and their role: briefs, proposals, payments */
        get: operations["getMyActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s company’s invoices, adjustment notes, payments due and plans */
        get: operations["getBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/my/request-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s company’s request plans, with their requests and use */
        get: operations["getMyRequestPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/my/request-plans/{id}/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a request under a plan: it starts, or waits in the queue
         * @description Its title, the answers to the plan’s intake questions and files, checked as a first brief is; the files are the request’s brief files. Nothing is kept when it is refused.
         */
        post: operations["postMyRequestPlansByIdRequests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/my/request-plans/{id}/extra-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy one more request for this period: the invoice to pay by card
         * @description Once the plan’s requests for the period are used, an Owner or Billing person gets an invoice for one extra request at the package’s price with GST, sent, and its pay link; an unpaid one of theirs is given again. Paid, it raises the period’s cap by one.
         */
        post: operations["postMyRequestPlansByIdExtraRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/my/requests/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a queued request */
        post: operations["postMyRequestsByIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/my/requests/{id}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a queued request one place up or down the queue */
        post: operations["postMyRequestsByIdMove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The request board: every request, or one client’s */
        get: operations["getRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One request as its card shows it: its plan, client, state, assignee and due date */
        get: operations["getRequestsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/requests/{id}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a card on the board; a card moved meanwhile answers as it is now */
        post: operations["postRequestsByIdMove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s company: its people and open invitations */
        get: operations["getCompany"];
        /** Rename the caller’s company */
        put: operations["putCompany"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite a teammate by email with a role */
        post: operations["postCompanyInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an invitation again with a new link */
        post: operations["postCompanyInvitationsByIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw an invitation */
        delete: operations["deleteCompanyInvitationsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a teammate’s role */
        put: operations["putCompanyMembersByUserId"];
        post?: never;
        /** Remove a person from the team */
        delete: operations["deleteCompanyMembersByUserId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A client company, its people and invitations (staff) */
        get: operations["getCompaniesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a person to a client company by invitation (staff) */
        post: operations["postCompaniesByIdInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation link offers */
        get: operations["getInvitationsByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: signed in as its email, or making that account */
        post: operations["postInvitationsByTokenAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/site-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the staff (customers are under Customers) */
        get: operations["getUsersSiteUsers"];
        put?: never;
        /** Add a site user */
        post: operations["postUsersSiteUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/site-users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A site user */
        get: operations["getUsersSiteUsersById"];
        /** Update a site user (never their role) */
        put: operations["putUsersSiteUsersById"];
        post?: never;
        /** Delete a site user */
        delete: operations["deleteUsersSiteUsersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/site-users/{id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change a site user's role */
        post: operations["postUsersSiteUsersByIdRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/site-users/{id}/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a site user a password reset link */
        post: operations["postUsersSiteUsersByIdResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Services on the site, by title */
        get: operations["getServices"];
        put?: never;
        /**
         * Create a service
         * @description Multipart form. Text: title (required on create), description,
         *     initialInvestmentDescription, paymentType (the initial investment is taken from the packages). JSON text: packages
         *     [{_id?, title, type: one-time|weekly|fortnightly|monthly|quarterly|yearly, baseCost, recurringCost, priceSuffix, features}],
         *     serviceExtras [{_id?, title, description, price}], faqs [{question, answer}], gallery (existing
         *     image URLs to keep, in order), featureVideos (existing [{url, thumbnailUrl}] to keep, in order),
         *     featureVideoThumbnailFor (optional: for each thumbnail file, the index of the new video it
         *     belongs to). Files: featurePhoto (image), comparisonPdf (PDF), gallery (images, appended),
         *     featureVideos (videos, appended), featureVideoThumbnails (images). Without a new file, the text
         *     field featurePhoto or comparisonPdf set to '' removes the current one. A field not sent keeps
         *     its current value. Prices are dollars; packages and extras sent with their _id keep it.
         */
        post: operations["postServices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search services by title
         * @description Case-insensitive; exact, prefix and substring matches first, then similar titles (typos). At most 10 results. An empty query answers []; a query longer than 100 characters is cut to that length.
         */
        get: operations["getServicesSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A service with its packages, extras, FAQs and media */
        get: operations["getServicesById"];
        /**
         * Update a service
         * @description Multipart form. Text: title (required on create), description,
         *     initialInvestmentDescription, paymentType (the initial investment is taken from the packages). JSON text: packages
         *     [{_id?, title, type: one-time|weekly|fortnightly|monthly|quarterly|yearly, baseCost, recurringCost, priceSuffix, features}],
         *     serviceExtras [{_id?, title, description, price}], faqs [{question, answer}], gallery (existing
         *     image URLs to keep, in order), featureVideos (existing [{url, thumbnailUrl}] to keep, in order),
         *     featureVideoThumbnailFor (optional: for each thumbnail file, the index of the new video it
         *     belongs to). Files: featurePhoto (image), comparisonPdf (PDF), gallery (images, appended),
         *     featureVideos (videos, appended), featureVideoThumbnails (images). Without a new file, the text
         *     field featurePhoto or comparisonPdf set to '' removes the current one. A field not sent keeps
         *     its current value. Prices are dollars; packages and extras sent with their _id keep it.
         */
        put: operations["putServicesById"];
        post?: never;
        /**
         * Delete a service
         * @description A service that orders refer to is archived (it leaves the public site, lists and search; its orders keep it); otherwise it is erased with its files.
         */
        delete: operations["deleteServicesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Content pages, by title */
        get: operations["getPages"];
        put?: never;
        /**
         * Create a content page
         * @description Multipart form: title; items[i][title], items[i][link] (a path starting with / or an http(s) address), items[i][featurePhoto] (image file, optional), items[i][featurePhotoUrl] (the item's current photo to keep when no new file is sent). Items are saved in index order.
         */
        post: operations["postPages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A content page with its items */
        get: operations["getPagesById"];
        /**
         * Update a content page
         * @description Multipart form: title; items[i][title], items[i][link] (a path starting with / or an http(s) address), items[i][featurePhoto] (image file, optional), items[i][featurePhotoUrl] (the item's current photo to keep when no new file is sent). Items are saved in index order.
         */
        put: operations["putPagesById"];
        post?: never;
        /** Delete a content page */
        delete: operations["deletePagesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/industries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Industries for the home page grid */
        get: operations["getIndustries"];
        put?: never;
        /**
         * Create an industry
         * @description Multipart form: title, link (a path starting with / or an http(s) address), featurePhoto (image file; without one, the text field featurePhoto '' removes the current photo).
         */
        post: operations["postIndustries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/navigation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The header's links and the footer's services, as staff set them */
        get: operations["getNavigation"];
        /** Replace the header's links and the footer's services */
        put: operations["putNavigation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/recently-viewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's recently viewed services, newest first */
        get: operations["getUsersRecentlyViewed"];
        put?: never;
        /** Record that the caller viewed a service */
        post: operations["postUsersRecentlyViewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of our own PDF files (a comparison sheet), for the in-page viewer
         * @description Serves only /uploads/... files of our file store and the shipped /demo/... files, given as a path or a URL on this site. Never fetches another site.
         */
        get: operations["getPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/manage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every service for the staff list, archived ones included and flagged */
        get: operations["getServicesManage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/{id}/manage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A service as the edit form loads it (archived ones too) */
        get: operations["getServicesByIdManage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/navigation/manage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The header's and footer's links, with any whose record is gone */
        get: operations["getNavigationManage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/industries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An industry */
        get: operations["getIndustriesById"];
        /**
         * Update an industry
         * @description Multipart form: title, link (a path starting with / or an http(s) address), featurePhoto (image file; without one, the text field featurePhoto '' removes the current photo).
         */
        put: operations["putIndustriesById"];
        post?: never;
        /** Delete an industry */
        delete: operations["deleteIndustriesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/overview/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the shop still needs before it trades for real */
        get: operations["getOverviewSetup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latest sales, newest customers and revenue for the staff dashboard
         * @description Revenue periods are the local day, the week from Monday and the calendar month in BUSINESS_TIMEZONE. totalSales is money received (succeeded payments, GST included); totalOrders is orders placed (docs/decisions/020-overview-revenue.md).
         */
        get: operations["getOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company-pages/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A company page (about us, terms, privacy…) */
        get: operations["getCompanyPagesBySlug"];
        /** Update a company page */
        put: operations["putCompanyPagesBySlug"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company-pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the company pages */
        get: operations["getCompanyPages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{companyId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A company's file library: the top, or one folder */
        get: operations["getCompaniesByCompanyIdFiles"];
        put?: never;
        /**
         * Upload a file to the library
         * @description Fields: folderId (sent before the file); file: an image, PDF, video, office document or zip file, checked by its bytes, whose name must say what it is. Refused before it is stored when it does not fit in the company’s quota.
         */
        post: operations["postCompaniesByCompanyIdFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{companyId}/files/{fileId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a file of the library */
        get: operations["getCompaniesByCompanyIdFilesByFileIdContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{companyId}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a file: it waits in the bin for 30 days */
        delete: operations["deleteCompaniesByCompanyIdFilesByFileId"];
        options?: never;
        head?: never;
        /** Rename a file, or move it to another folder */
        patch: operations["patchCompaniesByCompanyIdFilesByFileId"];
        trace?: never;
    };
    "/api/companies/{companyId}/bin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The library's bin: deleted files, until they go for good */
        get: operations["getCompaniesByCompanyIdBin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{companyId}/bin/{fileId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a file from the bin */
        post: operations["postCompaniesByCompanyIdBinByFileIdRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{companyId}/bin/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a file in the bin for good */
        delete: operations["deleteCompaniesByCompanyIdBinByFileId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{companyId}/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a folder in the library */
        post: operations["postCompaniesByCompanyIdFolders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{companyId}/folders/{folderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an empty folder */
        delete: operations["deleteCompaniesByCompanyIdFoldersByFolderId"];
        options?: never;
        head?: never;
        /** Rename a folder */
        patch: operations["patchCompaniesByCompanyIdFoldersByFolderId"];
        trace?: never;
    };
    "/api/payments/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payment provider's public settings */
        get: operations["getPaymentsConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/handle-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order and pay as a signed-in customer
         * @description Required: the idempotencyKey field or the Idempotency-Key header (400 without either). The same key makes a retry charge once.
         */
        post: operations["postPaymentsHandlePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish a payment after the bank's check */
        post: operations["postPaymentsConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/sandbox/authenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The sandbox provider's bank check (tests and demos) */
        post: operations["postPaymentsSandboxAuthenticate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/update-payment-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save the card used at checkout as one's card on file */
        post: operations["postUsersUpdatePaymentInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/coordinators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The co-ordinators a buyer may choose at checkout */
        get: operations["getUsersCoordinators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/coordinators/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One co-ordinator, with their profile */
        get: operations["getUsersCoordinatorsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A custom quote by its link, to view and pay */
        get: operations["getQuotesById"];
        /** Update a custom quote */
        put: operations["putQuotesById"];
        post?: never;
        /** Delete a custom quote */
        delete: operations["deleteQuotesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order's subscription */
        get: operations["getProjectsByIdSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order's payments and refunds */
        get: operations["getProjectsByIdPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/payments/{paymentId}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund a payment, in full or in part */
        post: operations["postProjectsByIdPaymentsByPaymentIdRefunds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/balance-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the customer to pay a quote's balance */
        post: operations["postProjectsByIdBalanceRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subscription/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an order's subscription */
        post: operations["postProjectsByIdSubscriptionCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subscription/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a subscription: no charges until it resumes, on a day or by hand */
        post: operations["postProjectsByIdSubscriptionPause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subscription/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused subscription; its next charge moves on by the time paused */
        post: operations["postProjectsByIdSubscriptionResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subscription/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The packages a subscription may change to, each priced as the change would be now */
        get: operations["getProjectsByIdSubscriptionPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subscription/change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change a subscription's package: an upgrade now, with the rest of the period charged; a downgrade at the next renewal */
        post: operations["postProjectsByIdSubscriptionChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subscription/change/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a subscription's change that waits for the next renewal */
        post: operations["postProjectsByIdSubscriptionChangeCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/my/credit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's company's account credit and its entries */
        get: operations["getMyCredit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{id}/credit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A client company's account credit and its entries */
        get: operations["getCompaniesByIdCredit"];
        put?: never;
        /** Add account credit to a client company, or take some off, with a reason */
        post: operations["postCompaniesByIdCredit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/{id}/renewal-card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A declined renewal's subscription, as its mailed card link shows it */
        get: operations["getSubscriptionsByIdRenewalCard"];
        put?: never;
        /** Give a new card from a declined renewal’s link; the period due is charged now */
        post: operations["postSubscriptionsByIdRenewalCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{id}/invoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tax invoice of a payment (PDF) */
        get: operations["getPaymentsByIdInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/refunds/{id}/adjustment-note": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The adjustment note of a refund (PDF) */
        get: operations["getRefundsByIdAdjustmentNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/guest-checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order and pay as a guest
         * @description Required: the idempotencyKey field or the Idempotency-Key header (400 without either). The same key makes a retry charge once.
         */
        post: operations["postPaymentsGuestCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/guest-confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish a guest's payment after the bank's check */
        post: operations["postPaymentsGuestConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/claim-order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim a guest order into one's account */
        post: operations["postPaymentsClaimOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invoices, newest first */
        get: operations["getInvoices"];
        put?: never;
        /** Make a draft invoice */
        post: operations["postInvoices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An invoice with its payments */
        get: operations["getInvoicesById"];
        /** Change a draft invoice */
        put: operations["putInvoicesById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail the invoice with its pay link (again, when sent before) */
        post: operations["postInvoicesByIdSend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Void an unpaid invoice */
        post: operations["postInvoicesByIdVoid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/mark-paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a payment received by bank transfer or in cash */
        post: operations["postInvoicesByIdMarkPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/payments/{paymentId}/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reverse a payment marked in error, with an adjustment note */
        post: operations["postInvoicesByIdPaymentsByPaymentIdReverse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An invoice as its pay link shows it */
        get: operations["getInvoicesByIdPay"];
        put?: never;
        /** Pay an invoice by card from its pay link */
        post: operations["postInvoicesByIdPay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{id}/pay/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish an invoice's card payment after the bank's check */
        post: operations["postInvoicesByIdPayConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List one's projects (a customer's orders)
         * @description A page of the user's projects, newest first. Headers: x-total-count (all of them) and, when more follow, x-next-cursor (pass as cursor).
         */
        get: operations["getProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project */
        get: operations["getProjectsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a project's status, dates or co-ordinator */
        patch: operations["patchProjectsById"];
        trace?: never;
    };
    "/api/users/projects/{projectId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Post a status update on a project */
        put: operations["putUsersProjectsByProjectIdStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Post a status update on a project */
        put: operations["putProjectsByProjectIdStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/clients/{id}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer's projects */
        get: operations["getUsersClientsByIdProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List sales, with search and filters */
        get: operations["getProjectsAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects-all/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A sale */
        get: operations["getProjectsAllById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sales/filters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The values the sales list can be filtered by */
        get: operations["getSalesFilters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/brief": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project's brief */
        get: operations["getProjectsByIdBrief"];
        put?: never;
        /** Send a brief (text, answers and files) for a project */
        post: operations["postProjectsByIdBrief"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/brief/{entryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Correct the client's brief before work starts
         * @description Its words and answers (files stay). Refused (409) once the team posted a status update or the project left In Progress; the team reads what it said before.
         */
        put: operations["putProjectsByIdBriefByEntryId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/brief/questions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The questions a project's brief asks
         * @description What the brief asks now (the service’s or quote’s intake questions), and whether they were answered already.
         */
        get: operations["getProjectsByIdBriefQuestions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/brief/attachments/{attachmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a brief's file */
        get: operations["getProjectsByIdBriefAttachmentsByAttachmentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's messages
         * @description A page of the thread, oldest first: the newest messages, or with `before` (the `olderCursor` of a page) those before it.
         */
        get: operations["getProjectsByIdMessages"];
        put?: never;
        /**
         * Post a message (or a deliverable) on a project
         * @description Fields: text; internal=true (staff: a note the customer never sees); files: attachments (PDFs, images, office documents or zip files, checked by their bytes).
         */
        post: operations["postProjectsByIdMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/messages/attachments/{attachmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a message's file */
        get: operations["getProjectsByIdMessagesAttachmentsByAttachmentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/deliverables/{deliverableId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a deliverable */
        post: operations["postProjectsByIdDeliverablesByDeliverableIdApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/deliverables/{deliverableId}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for changes to a deliverable
         * @description The customer asks for changes; the text is posted as the customer's message.
         */
        post: operations["postProjectsByIdDeliverablesByDeliverableIdChanges"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/messages/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a project's messages read */
        post: operations["postProjectsByIdMessagesRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/unread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One's unread messages from the team, by project
         * @description The caller's unread messages from the team, by project id (customers).
         */
        get: operations["getMessagesUnread"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's inbox: projects with messages, newest first */
        get: operations["getMessagesInbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/questions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * General questions, newest message first
         * @description A customer's company's questions, or for the team every question (a co-ordinator's: those assigned to them).
         */
        get: operations["getQuestions"];
        put?: never;
        /**
         * Ask a general question (customers)
         * @description Fields: text (required); files: attachments (PDFs, images, office documents or zip files, checked by their bytes).
         */
        post: operations["postQuestions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/questions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A general question and its messages
         * @description A page of the thread, oldest first: the newest messages, or with `before` (the `olderCursor` of a page) those before it.
         */
        get: operations["getQuestionsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Assign a general question, close or reopen it */
        patch: operations["patchQuestionsById"];
        trace?: never;
    };
    "/api/questions/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Post a message on a general question
         * @description Fields: text; internal=true (staff: a note the customer never sees); files: attachments.
         */
        post: operations["postQuestionsByIdMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/questions/{id}/messages/attachments/{attachmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a general question's file */
        get: operations["getQuestionsByIdMessagesAttachmentsByAttachmentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/questions/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a general question's messages read */
        post: operations["postQuestionsByIdRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/my-work": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open projects assigned to a team member, by due date
         * @description member: a team member's id or 'everyone' (admins); the caller by default.
         */
        get: operations["getMyWork"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List custom quotes */
        get: operations["getQuotes"];
        put?: never;
        /** Create a custom quote */
        post: operations["postQuotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customers a quote can be sent to */
        get: operations["getQuotesRecipients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{id}/manage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A custom quote as staff edit it */
        get: operations["getQuotesByIdManage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept and sign a proposal */
        post: operations["postQuotesByIdAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decline a proposal */
        post: operations["postQuotesByIdDecline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{id}/signed.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed PDF of a proposal */
        get: operations["getQuotesByIdSignedPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{id}/extend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a proposal a new 'Valid until' */
        post: operations["postQuotesByIdExtend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{id}/record-acceptance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record an acceptance the customer gave on paper */
        post: operations["postQuotesByIdRecordAcceptance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a custom quote to its customer */
        post: operations["postQuotesByIdSend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discount-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List discount codes */
        get: operations["getDiscountCodes"];
        put?: never;
        /** Create a discount code */
        post: operations["postDiscountCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discount-codes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update a discount code */
        put: operations["putDiscountCodesById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/discount-codes/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a discount code against an order */
        post: operations["postDiscountCodesCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Money received by day, week or month */
        get: operations["getReportsRevenue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/gst": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GST collected by quarter */
        get: operations["getReportsGst"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/recurring": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plans' monthly amount, the renewals of the next 30 days, unpaid invoices by age */
        get: operations["getReportsRecurring"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/sales.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download sales as CSV */
        get: operations["getReportsSalesCsv"];
        put?: never;
        post?: never;
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
        /** List webhook endpoints */
        get: operations["getWebhooks"];
        put?: never;
        /** Add a webhook endpoint (its signing secret is in this answer only) */
        post: operations["postWebhooks"];
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
        /** Update a webhook endpoint */
        put: operations["putWebhooksById"];
        post?: never;
        /** Remove a webhook endpoint */
        delete: operations["deleteWebhooksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a new signing secret for an endpoint */
        post: operations["postWebhooksByIdSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Turn a webhook endpoint on or off */
        put: operations["putWebhooksByIdEnabled"];
        post?: never;
        delete?: never;
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
        /** An endpoint's latest deliveries */
        get: operations["getWebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/deliveries/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again */
        post: operations["postWebhooksDeliveriesByIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/email-previews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every kind of email, rendered with demo data: subject, text and HTML */
        get: operations["getEmailPreviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's API keys */
        get: operations["getUsersApiKeys"];
        put?: never;
        /** Create an API key for the caller (the key is in this answer only) */
        post: operations["postUsersApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke one of the caller's API keys */
        post: operations["postUsersApiKeysByIdRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List every API key */
        get: operations["getApiKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke any API key */
        post: operations["postApiKeysByIdRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log, newest first
         * @description Every audit entry, newest first, a page at a time; by person, kind and local dates.
         */
        get: operations["getAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everyone the audit log names */
        get: operations["getAuditPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the audit log as CSV */
        get: operations["getAuditCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An email's unsubscribe link: asks to turn that kind of email off */
        get: operations["getNotificationsUnsubscribe"];
        put?: never;
        /** Turns one kind of email off for the person an email was sent to (one-click) */
        post: operations["postNotificationsUnsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inbound-mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A mail provider's inbound webhook: one reply to a message email, raw MIME
         * @description Authorization: Bearer MAIL_INBOUND_SECRET. Answers 202 when the reply is in the thread, 422 with the reason when it is refused for good (the provider need not retry), 429 over the per-sender limit and 503 when the sender cannot be verified for the moment (retry later).
         */
        post: operations["postInboundMail"];
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
        ApiError: {
            statusCode: number;
            error: string;
            message: string;
            details?: {
                path: string;
                message: string;
            }[];
            requestId: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * order.paid
         * @description An order or a quote’s part is paid. Payload version 2026-11-26.
         */
        WebhookOrderPaid: {
            /** @enum {string} */
            type: "order.paid";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The customer who placed it */
                customerId: string;
                /** @description Where the order’s mail goes */
                customerEmail: string;
                /** @description The service (or custom quote) ordered */
                service: string;
                /** @description The package chosen; empty for a custom quote */
                package: string;
                /** @description The payment */
                paymentId: string;
                /** @description What it paid: 'order', 'deposit', 'balance', 'renewal'… */
                paymentKind: string;
                /** @description What was charged, GST included, in cents */
                amountCents: number;
                /** @description The GST in it, in cents */
                gstCents: number;
                /** @description ISO 4217, upper case (AUD) */
                currency: string;
            };
        };
        /**
         * order.refunded
         * @description A payment is refunded. Payload version 2026-11-26.
         */
        WebhookOrderRefunded: {
            /** @enum {string} */
            type: "order.refunded";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId?: string;
                /** @description The order number customers see */
                orderNumber?: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order?: string;
                /** @description The customer who placed it */
                customerId?: string;
                /** @description Where the order’s mail goes */
                customerEmail?: string;
                /** @description The service (or custom quote) ordered */
                service?: string;
                /** @description The package chosen; empty for a custom quote */
                package?: string;
                /** @description The refund */
                refundId: string;
                /** @description The payment refunded */
                paymentId: string;
                /** @description What was given back, GST included, in cents */
                amountCents: number;
                /** @description The GST in it, in cents */
                gstCents: number;
                currency: string;
                reason: string;
            };
        };
        /**
         * quote.paid
         * @description A custom quote is paid in full. Payload version 2026-11-26.
         */
        WebhookQuotePaid: {
            /** @enum {string} */
            type: "quote.paid";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The customer who placed it */
                customerId: string;
                /** @description Where the order’s mail goes */
                customerEmail: string;
                /** @description The service (or custom quote) ordered */
                service: string;
                /** @description The package chosen; empty for a custom quote */
                package: string;
                /** @description The payment */
                paymentId: string;
                /** @description What it paid: 'order', 'deposit', 'balance', 'renewal'… */
                paymentKind: string;
                /** @description What was charged, GST included, in cents */
                amountCents: number;
                /** @description The GST in it, in cents */
                gstCents: number;
                /** @description ISO 4217, upper case (AUD) */
                currency: string;
                /** @description The custom quote now paid in full */
                quoteId: string;
            };
        };
        /**
         * subscription.renewed
         * @description A subscription period is charged. Payload version 2026-11-26.
         */
        WebhookSubscriptionRenewed: {
            /** @enum {string} */
            type: "subscription.renewed";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The customer who placed it */
                customerId: string;
                /** @description Where the order’s mail goes */
                customerEmail: string;
                /** @description The service (or custom quote) ordered */
                service: string;
                /** @description The package chosen; empty for a custom quote */
                package: string;
                /** @description The subscription */
                subscriptionId: string;
                /**
                 * @description How often it renews
                 * @enum {string}
                 */
                interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                /** @description Each period’s charge, in cents */
                amountCents: number;
                /** @description ISO 4217, upper case (AUD) */
                currency: string;
                /** @description The subscription's status now: 'active', 'past_due', 'paused', 'cancelled' */
                status: string;
                /** @description The renewal’s payment */
                paymentId: string;
                /** @description When the period paid for starts (ISO 8601) */
                periodFrom: string;
            };
        };
        /**
         * subscription.payment_failed
         * @description A subscription charge is declined. Payload version 2026-11-26.
         */
        WebhookSubscriptionPaymentFailed: {
            /** @enum {string} */
            type: "subscription.payment_failed";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The customer who placed it */
                customerId: string;
                /** @description Where the order’s mail goes */
                customerEmail: string;
                /** @description The service (or custom quote) ordered */
                service: string;
                /** @description The package chosen; empty for a custom quote */
                package: string;
                /** @description The subscription */
                subscriptionId: string;
                /**
                 * @description How often it renews
                 * @enum {string}
                 */
                interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                /** @description Each period’s charge, in cents */
                amountCents: number;
                /** @description ISO 4217, upper case (AUD) */
                currency: string;
                /** @description The subscription's status now: 'active', 'past_due', 'paused', 'cancelled' */
                status: string;
                /** @description Why the charge was declined */
                reason: string;
                /** @description Declines in a row so far */
                failures: number;
                /** @description No retry is left: the subscription is past due */
                pastDue: boolean;
            };
        };
        /**
         * subscription.canceled
         * @description A subscription is cancelled. Payload version 2026-11-26.
         */
        WebhookSubscriptionCanceled: {
            /** @enum {string} */
            type: "subscription.canceled";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The customer who placed it */
                customerId: string;
                /** @description Where the order’s mail goes */
                customerEmail: string;
                /** @description The service (or custom quote) ordered */
                service: string;
                /** @description The package chosen; empty for a custom quote */
                package: string;
                /** @description The subscription */
                subscriptionId: string;
                /**
                 * @description How often it renews
                 * @enum {string}
                 */
                interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                /** @description Each period’s charge, in cents */
                amountCents: number;
                /** @description ISO 4217, upper case (AUD) */
                currency: string;
                /** @description The subscription's status now: 'active', 'past_due', 'paused', 'cancelled' */
                status: string;
                /** @enum {string} */
                canceledBy: "customer" | "staff";
            };
        };
        /**
         * subscription.changed
         * @description A subscription moves to another package: an upgrade at once, a downgrade at its renewal. Payload version 2026-11-26.
         */
        WebhookSubscriptionChanged: {
            /** @enum {string} */
            type: "subscription.changed";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The customer who placed it */
                customerId: string;
                /** @description Where the order’s mail goes */
                customerEmail: string;
                /** @description The service (or custom quote) ordered */
                service: string;
                /** @description The package the subscription is on now */
                package: string;
                /** @description The subscription */
                subscriptionId: string;
                /**
                 * @description How often it renews
                 * @enum {string}
                 */
                interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                /** @description Each period’s charge on the new package, GST included, in cents */
                amountCents: number;
                /** @description ISO 4217, upper case (AUD) */
                currency: string;
                /** @description The subscription's status now: 'active', 'past_due', 'paused', 'cancelled' */
                status: string;
                /** @description The package before the change */
                previousPackage: string;
                /** @description Each period’s charge before the change, in cents */
                previousAmountCents: number;
                /**
                 * @description 'now': an upgrade (or a package of the same price), from the moment it was asked for; 'next-renewal': a downgrade, from the renewal that just charged it
                 * @enum {string}
                 */
                takesEffect: "now" | "next-renewal";
                /** @description Charged for the rest of the period at the change, GST included; 0 for a downgrade or when waived, in cents */
                proratedCents: number;
                /** @description Staff waived the prorated charge */
                waived: boolean;
                /** @description The prorated charge’s payment */
                paymentId: string | null;
                /**
                 * @description Who changed it; 'renewal' when a waiting downgrade took effect
                 * @enum {string}
                 */
                changedBy: "customer" | "staff" | "renewal";
            };
        };
        /**
         * subscription.paused
         * @description A subscription is paused: no charges until it resumes. Payload version 2026-11-26.
         */
        WebhookSubscriptionPaused: {
            /** @enum {string} */
            type: "subscription.paused";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The customer who placed it */
                customerId: string;
                /** @description Where the order’s mail goes */
                customerEmail: string;
                /** @description The service (or custom quote) ordered */
                service: string;
                /** @description The package chosen; empty for a custom quote */
                package: string;
                /** @description The subscription */
                subscriptionId: string;
                /**
                 * @description How often it renews
                 * @enum {string}
                 */
                interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                /** @description Each period’s charge, in cents */
                amountCents: number;
                /** @description ISO 4217, upper case (AUD) */
                currency: string;
                /** @description The subscription's status now: 'active', 'past_due', 'paused', 'cancelled' */
                status: string;
                /** @description The day it resumes by itself (YYYY-MM-DD), or null: until someone resumes it */
                pausedUntil: string | null;
                /** @enum {string} */
                pausedBy: "customer" | "staff";
            };
        };
        /**
         * subscription.resumed
         * @description A paused subscription resumes, its next charge moved on by the pause. Payload version 2026-11-26.
         */
        WebhookSubscriptionResumed: {
            /** @enum {string} */
            type: "subscription.resumed";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The customer who placed it */
                customerId: string;
                /** @description Where the order’s mail goes */
                customerEmail: string;
                /** @description The service (or custom quote) ordered */
                service: string;
                /** @description The package chosen; empty for a custom quote */
                package: string;
                /** @description The subscription */
                subscriptionId: string;
                /**
                 * @description How often it renews
                 * @enum {string}
                 */
                interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                /** @description Each period’s charge, in cents */
                amountCents: number;
                /** @description ISO 4217, upper case (AUD) */
                currency: string;
                /** @description The subscription's status now: 'active', 'past_due', 'paused', 'cancelled' */
                status: string;
                /** @description The next charge, moved on by the time paused (ISO 8601) */
                nextChargeAt: string;
                /** @enum {string} */
                resumedBy: "customer" | "staff" | "schedule";
            };
        };
        /**
         * project.status_changed
         * @description A project’s status changes (in progress, on hold, completed…). Payload version 2026-11-26.
         */
        WebhookProjectStatusChanged: {
            /** @enum {string} */
            type: "project.status_changed";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The status before ('active', 'on-hold', 'completed'…) */
                from: string;
                /** @description The status now */
                to: string;
            };
        };
        /**
         * project.assigned
         * @description A project is assigned to a co-ordinator. Payload version 2026-11-26.
         */
        WebhookProjectAssigned: {
            /** @enum {string} */
            type: "project.assigned";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The co-ordinator now */
                coordinatorId: string | null;
                /** @description The co-ordinator before */
                previousCoordinatorId: string | null;
            };
        };
        /**
         * message.created
         * @description A message on a project (never the team’s internal notes). Payload version 2026-11-26.
         */
        WebhookMessageCreated: {
            /** @enum {string} */
            type: "message.created";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The message */
                messageId: string;
                /** @enum {string} */
                side: "customer" | "team";
                authorName: string;
                text: string;
                /** @description How many files it carries */
                attachments: number;
                /** @description 'web' or 'email' (a reply by email) */
                via: string;
                /** @description Set when the message sends a deliverable */
                deliverable: {
                    id: string;
                    name: string;
                    version: number;
                } | null;
            };
        };
        /**
         * deliverable.approved
         * @description The customer approves a deliverable. Payload version 2026-11-26.
         */
        WebhookDeliverableApproved: {
            /** @enum {string} */
            type: "deliverable.approved";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The version of the deliverable decided on */
                deliverableId: string;
                name: string;
                version: number;
                /** @description The customer’s name */
                by: string;
            };
        };
        /**
         * deliverable.changes_requested
         * @description The customer asks for changes to a deliverable. Payload version 2026-11-26.
         */
        WebhookDeliverableChangesRequested: {
            /** @enum {string} */
            type: "deliverable.changes_requested";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The version of the deliverable decided on */
                deliverableId: string;
                name: string;
                version: number;
                /** @description The customer’s name */
                by: string;
                /** @description What the customer asks to change */
                changes: string;
            };
        };
        /**
         * brief.submitted
         * @description The customer sends a project’s brief (its requirements). Payload version 2026-11-26.
         */
        WebhookBriefSubmitted: {
            /** @enum {string} */
            type: "brief.submitted";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The order (a project) it concerns */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The customer who placed the order */
                customerId: string;
                /** @description Who sent the brief: the customer, or a teammate of their company */
                authorId: string;
                authorName: string;
                /** @description This brief entry (a project may get several) */
                briefId: string;
                /** @description The project’s first brief */
                first: boolean;
                text: string;
                /** @description The answers to the service’s intake questions, in the first brief only */
                answers: {
                    questionId: string;
                    question: string;
                    answer: string;
                }[];
                /** @description How many files it carries */
                attachments: number;
            };
        };
        /**
         * customer.created
         * @description A customer account is made: a sign-up, a provider’s sign-in, a guest’s order, an invitation or an invoice to a new address. Payload version 2026-11-26.
         */
        WebhookCustomerCreated: {
            /** @enum {string} */
            type: "customer.created";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The new account */
                customerId: string;
                email: string;
                firstName: string;
                lastName: string;
                /** @description Empty when none was given */
                phone: string;
                /**
                 * @description How it was made: a sign-up, a provider's sign-in, a guest's order (made before its payment is tried), a teammate's invitation to a client company accepted with a new account, or an invoice staff made for an email without an account
                 * @enum {string}
                 */
                via: "email" | "google" | "facebook" | "apple" | "guest-checkout" | "invitation" | "invoice";
                /** @description ISO 8601 */
                createdAt: string;
            };
        };
        /**
         * invoice.sent
         * @description Staff send an invoice (or send it again). Payload version 2026-11-26.
         */
        WebhookInvoiceSent: {
            /** @enum {string} */
            type: "invoice.sent";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The invoice */
                invoiceId: string;
                /** @description 'B-0007' */
                number: string;
                /** @description The customer it is for */
                customerId: string;
                email: string;
                currency: string;
                totalCents: number;
                paidCents: number;
                /** @description Still to pay */
                dueCents: number;
                /** @description YYYY-MM-DD, the business’s day */
                dueDate: string;
            };
        };
        /**
         * invoice.paid
         * @description An invoice is paid: by card, or marked paid by staff. Payload version 2026-11-26.
         */
        WebhookInvoicePaid: {
            /** @enum {string} */
            type: "invoice.paid";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The invoice */
                invoiceId: string;
                /** @description 'B-0007' */
                number: string;
                /** @description The customer it is for */
                customerId: string;
                email: string;
                currency: string;
                totalCents: number;
                paidCents: number;
                /** @description Still to pay */
                dueCents: number;
                /** @description YYYY-MM-DD, the business’s day */
                dueDate: string;
                /** @description The payment that paid it */
                paymentId: string;
                /** @enum {string} */
                method: "card" | "bank_transfer" | "cash";
            };
        };
        /**
         * invoice.overdue
         * @description An unpaid invoice passes its due date. Payload version 2026-11-26.
         */
        WebhookInvoiceOverdue: {
            /** @enum {string} */
            type: "invoice.overdue";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The invoice */
                invoiceId: string;
                /** @description 'B-0007' */
                number: string;
                /** @description The customer it is for */
                customerId: string;
                email: string;
                currency: string;
                totalCents: number;
                paidCents: number;
                /** @description Still to pay */
                dueCents: number;
                /** @description YYYY-MM-DD, the business’s day */
                dueDate: string;
            };
        };
        /**
         * request.created
         * @description A client submits a request under a request plan (it starts or queues). Payload version 2026-11-26.
         */
        WebhookRequestCreated: {
            /** @enum {string} */
            type: "request.created";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The request */
                requestId: string;
                /** @description The same id: a request is a project, with its own workspace */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The title the client gave it */
                title: string;
                /** @description The request plan (the plan’s order) it was submitted under */
                planId: string;
                /** @description The client company */
                companyId: string | null;
                /** @description The person who submitted it */
                customerId: string;
                /**
                 * @description Its state now
                 * @enum {string}
                 */
                state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                /** @description Its place in the queue (1 is next) while queued */
                queuePlace: number | null;
                /** @description Who of the client company submitted it */
                submittedBy: string;
            };
        };
        /**
         * request.status_changed
         * @description A request moves between Queued, In progress, In review and Done (or is cancelled). Payload version 2026-11-26.
         */
        WebhookRequestStatusChanged: {
            /** @enum {string} */
            type: "request.status_changed";
            /** @description When it happened (ISO 8601) */
            timestamp: string;
            /**
             * @description The version of the payload’s shape
             * @enum {string}
             */
            version: "2026-11-26";
            data: {
                /** @description The request */
                requestId: string;
                /** @description The same id: a request is a project, with its own workspace */
                projectId: string;
                /** @description The order number customers see */
                orderNumber: number;
                /** @description The order's name as customers read it ('Order 1042') */
                order: string;
                /** @description The title the client gave it */
                title: string;
                /** @description The request plan (the plan’s order) it was submitted under */
                planId: string;
                /** @description The client company */
                companyId: string | null;
                /** @description The person who submitted it */
                customerId: string;
                /**
                 * @description Its state now
                 * @enum {string}
                 */
                state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                /** @description Its place in the queue (1 is next) while queued */
                queuePlace: number | null;
                /**
                 * @description Its state before
                 * @enum {string}
                 */
                from: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
            };
        };
    };
    responses: {
        /** @description The request is invalid: `details` names each field and what is wrong. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description No bearer token, or one that expired or was signed out: sign in. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description The payment provider refused: a card declined, or a refund. */
        PaymentRefused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description The signed-in user's role lacks the permission this operation needs. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description No such record, or not one the caller may see. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description The record is not in a state that allows this (already paid, taken). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description A single-use link that was used, withdrawn or has expired. */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description The body, or a file in it, is larger than the server accepts. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description The body is not of a content type this operation reads. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description The request is understood but refused for good. */
        Unprocessable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description Too many requests: wait as Retry-After says, then try again. */
        TooManyRequests: {
            headers: {
                /** @description Seconds to wait before trying again. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
            };
        };
        /** @description A failure on our side or of a service we use (500, 503). */
        UnexpectedError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiError"];
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
    getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        companyName: string;
                        contactUrl: string;
                        abn: string;
                        privacyUrl: string;
                        termsUrl: string;
                        logoUrl: string;
                        publicUrl: string;
                        businessTimeZone: string;
                        externalLinks: {
                            studioHire?: string;
                            events?: string;
                            displayScreens?: string;
                        };
                        oauthProviders: {
                            google: boolean;
                            facebook: boolean;
                            apple: boolean;
                        };
                    };
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSettingsBusinessDetails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        companyName: string;
                        abn: string;
                        address: string;
                        contactUrl: string;
                        supportEmail: string;
                        brandColour: string;
                        emailFooter: string;
                        privacyUrl: string;
                        termsUrl: string;
                        bankAccountName: string;
                        bankBsb: string;
                        bankAccountNumber: string;
                        invoiceReminderDaysBefore: number;
                        invoiceReminderDaysAfter: number;
                        logoUrl: string;
                        savedAt: string | null;
                        savedByName: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putSettingsBusinessDetails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    companyName: string;
                    abn: string;
                    address: string;
                    contactUrl: string;
                    supportEmail: string;
                    brandColour: string;
                    emailFooter: string;
                    privacyUrl: string;
                    termsUrl: string;
                    /** @default  */
                    bankAccountName?: string;
                    bankBsb?: string;
                    bankAccountNumber?: string;
                    /** @default 3 */
                    invoiceReminderDaysBefore?: number;
                    /** @default 1 */
                    invoiceReminderDaysAfter?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        companyName: string;
                        abn: string;
                        address: string;
                        contactUrl: string;
                        supportEmail: string;
                        brandColour: string;
                        emailFooter: string;
                        privacyUrl: string;
                        termsUrl: string;
                        bankAccountName: string;
                        bankBsb: string;
                        bankAccountNumber: string;
                        invoiceReminderDaysBefore: number;
                        invoiceReminderDaysAfter: number;
                        logoUrl: string;
                        savedAt: string | null;
                        savedByName: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putSettingsBusinessDetailsLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A file (image), checked by its bytes.
                     */
                    logo: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        companyName: string;
                        abn: string;
                        address: string;
                        contactUrl: string;
                        supportEmail: string;
                        brandColour: string;
                        emailFooter: string;
                        privacyUrl: string;
                        termsUrl: string;
                        bankAccountName: string;
                        bankBsb: string;
                        bankAccountNumber: string;
                        invoiceReminderDaysBefore: number;
                        invoiceReminderDaysAfter: number;
                        logoUrl: string;
                        savedAt: string | null;
                        savedByName: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteSettingsBusinessDetailsLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        companyName: string;
                        abn: string;
                        address: string;
                        contactUrl: string;
                        supportEmail: string;
                        brandColour: string;
                        emailFooter: string;
                        privacyUrl: string;
                        termsUrl: string;
                        bankAccountName: string;
                        bankBsb: string;
                        bankAccountNumber: string;
                        invoiceReminderDaysBefore: number;
                        invoiceReminderDaysAfter: number;
                        logoUrl: string;
                        savedAt: string | null;
                        savedByName: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getBusinessLogoByFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthSignup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    firstName?: string;
                    /** @default  */
                    lastName?: string;
                    email: string;
                    phoneNumber: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        user: {
                            _id: string;
                            email: string;
                            /** @enum {string} */
                            role: "super-admin" | "admin" | "co-ordinator" | "client";
                            isOAuth: boolean;
                            emailVerified: boolean;
                            hasPassword: boolean;
                            profile: {
                                firstName: string;
                                lastName: string;
                                displayName: string;
                                companyName: string;
                                contactNumber: string;
                                bio: string;
                                profilePhotoURL: string;
                            };
                            paymentInfo: {
                                defaultPaymentMethodId: string | null;
                                paymentCustomerId: string | null;
                            };
                            company?: {
                                _id: string;
                                name: string;
                                /** @enum {string} */
                                role: "owner" | "member" | "billing";
                            } | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthLogin: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                    } | {
                        /** @enum {string} */
                        twoFactor: "code" | "setup";
                        ticket: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthAdminLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string;
                    username?: string;
                    password: string;
                    rememberMe?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                    } | {
                        /** @enum {string} */
                        twoFactor: "code" | "setup";
                        ticket: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAuthVerifyToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isAuthenticated: boolean;
                        /** @enum {string|null} */
                        userRole: "super-admin" | "admin" | "co-ordinator" | "client" | null;
                    };
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAuthUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        /** @enum {string} */
                        role: "super-admin" | "admin" | "co-ordinator" | "client";
                        isOAuth: boolean;
                        emailVerified: boolean;
                        hasPassword: boolean;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                        paymentInfo: {
                            defaultPaymentMethodId: string | null;
                            paymentCustomerId: string | null;
                        };
                        company?: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        } | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthResetPassword: {
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
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthVerifyEmail: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        undone: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthVerifyEmailResend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
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
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putUsersPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticket: string;
                    code: string;
                    rememberDevice?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthTwoFactorSetupTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticket: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        otpauthUrl: string;
                        qrCode: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthTwoFactorSetupTicketConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticket: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        recoveryCodes: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAuthTwoFactorStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enabled: boolean;
                        recoveryCodesLeft: number;
                        requiredForStaff: boolean;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthTwoFactorSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        otpauthUrl: string;
                        qrCode: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthTwoFactorConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recoveryCodes: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthTwoFactorDisable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthTwoFactorRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recoveryCodes: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAuthTwoFactorPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requireForStaff: boolean;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putAuthTwoFactorPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    requireForStaff: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requireForStaff: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteAuthTwoFactorUsersById: {
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
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putUsersProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    profile: {
                        firstName: string;
                        lastName: string;
                        companyName: string;
                        contactNumber: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        /** @enum {string} */
                        role: "super-admin" | "admin" | "co-ordinator" | "client";
                        isOAuth: boolean;
                        emailVerified: boolean;
                        hasPassword: boolean;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                        paymentInfo: {
                            defaultPaymentMethodId: string | null;
                            paymentCustomerId: string | null;
                        };
                        company?: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersPaymentMethod: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        card: {
                            brand: string;
                            last4: string;
                        } | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putUsersPaymentMethod: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentMethodId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        card: {
                            brand: string;
                            last4: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPaymentMethodsByPaymentMethodId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentMethodId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        card: {
                            brand: string;
                            last4: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putPaymentMethodsByCustomerId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentMethodId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        paymentMethod: {
                            id: string;
                            card: {
                                brand: string;
                                last4: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersClients: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        /** @enum {string} */
                        role: "super-admin" | "admin" | "co-ordinator" | "client";
                        isOAuth: boolean;
                        emailVerified: boolean;
                        hasPassword: boolean;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                        paymentInfo: {
                            defaultPaymentMethodId: string | null;
                            paymentCustomerId: string | null;
                        };
                        company?: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        } | null;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersClientsById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        /** @enum {string} */
                        role: "super-admin" | "admin" | "co-ordinator" | "client";
                        isOAuth: boolean;
                        emailVerified: boolean;
                        hasPassword: boolean;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                        paymentInfo: {
                            defaultPaymentMethodId: string | null;
                            paymentCustomerId: string | null;
                        };
                        company?: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putUsersClientsById: {
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
                    profile: {
                        firstName: string;
                        lastName: string;
                        companyName: string;
                        contactNumber: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        /** @enum {string} */
                        role: "super-admin" | "admin" | "co-ordinator" | "client";
                        isOAuth: boolean;
                        emailVerified: boolean;
                        hasPassword: boolean;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                        paymentInfo: {
                            defaultPaymentMethodId: string | null;
                            paymentCustomerId: string | null;
                        };
                        company?: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersClientsByIdNotes: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        note: string;
                        adminName: string;
                        createdAt: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postUsersClientsByIdNotes: {
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
                    note: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        note: string;
                        adminName: string;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersClientsByIdAudit: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        actorName: string;
                        action: string;
                        entityType: string;
                        entityId: string;
                        summary: string;
                        createdAt: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAuthGoogle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAuthFacebook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAuthApple: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthExchange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                    } | {
                        /** @enum {string} */
                        twoFactor: "code" | "setup";
                        ticket: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthOauthLinkPreview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticket: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        provider: "google" | "facebook" | "apple";
                        email: string;
                        /** @enum {string} */
                        method: "password" | "email";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postAuthOauthLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticket: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        provider: string;
                    } | {
                        /** @enum {string} */
                        twoFactor: "code" | "setup";
                        ticket: string;
                        provider: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            _id: string;
                            kind: string;
                            title: string;
                            body: string;
                            link: string;
                            read: boolean;
                            createdAt: string;
                        }[];
                        unreadCount: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postNotificationsByIdRead: {
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
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postNotificationsReadAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getNotificationsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: {
                            [key: string]: boolean;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putNotificationsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: {
                        [key: string]: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: {
                            [key: string]: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getMyActions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @enum {string} */
                            kind: "brief" | "proposal" | "balance" | "renewal" | "deliverable";
                            title: string;
                            orderNumber: number | null;
                            href: string;
                            since: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getBilling: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dues: {
                            /** @enum {string} */
                            kind: "deposit" | "balance";
                            title: string;
                            orderNumber: number | null;
                            amountCents: number;
                            currency: string;
                            payable: boolean;
                            href: string;
                        }[];
                        invoices: {
                            _id: string;
                            number: string;
                            /** @enum {string} */
                            status: "draft" | "sent" | "overdue" | "paid" | "void";
                            dueDate: string;
                            totalCents: number;
                            dueCents: number;
                            currency: string;
                            payHref: string | null;
                        }[];
                        subscriptions: {
                            _id: string;
                            projectId: string;
                            packageTitle: string;
                            /** @enum {string} */
                            status: "active" | "past_due" | "paused" | "cancelled";
                            /** @enum {string} */
                            interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            amountCents: number;
                            currency: string;
                            nextChargeAt: string | null;
                            cancelledAt: string | null;
                            pausedAt: string | null;
                            pausedUntil: string | null;
                            clientsMayPause: boolean;
                            declines: number;
                            lastDecline: {
                                at: string | null;
                                reason: string;
                                nextTryAt: string | null;
                            } | null;
                            pendingChange: {
                                packageTitle: string;
                                amountCents: number;
                                effectiveAt: string;
                            } | null;
                            title: string;
                            orderNumber: number;
                            requests: {
                                activeRequestLimit: number;
                                requestsPerPeriod: number | null;
                                active: number;
                                usedThisPeriod: number;
                                extraThisPeriod: number;
                                /** @enum {string} */
                                period: "week" | "2 weeks" | "month" | "quarter" | "year";
                                resetsAt: string | null;
                            } | null;
                        }[];
                        documents: {
                            /** @enum {string} */
                            kind: "invoice" | "adjustment-note";
                            number: string;
                            issuedAt: string;
                            title: string;
                            orderNumber: number | null;
                            projectId: string | null;
                            amountCents: number;
                            currency: string;
                            url: string;
                        }[];
                        credit: {
                            balanceCents: number;
                            currency: string;
                            entries: {
                                _id: string;
                                /** @enum {string} */
                                kind: "refund" | "spent" | "returned" | "added" | "removed";
                                amountCents: number;
                                currency: string;
                                orderNumber: number | null;
                                note: string;
                                createdAt: string;
                            }[];
                        } | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getMyRequestPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plans: {
                            id: string;
                            orderNumber: number;
                            title: string;
                            open: boolean;
                            refusal: string | null;
                            activeRequestLimit: number;
                            requestsPerPeriod: number | null;
                            active: number;
                            usedThisPeriod: number;
                            extraThisPeriod: number;
                            extraRequest: {
                                priceCents: number;
                                gstCents: number;
                                totalCents: number;
                            } | null;
                            intakeQuestions: unknown[];
                            requests: {
                                id: string;
                                orderNumber: number;
                                title: string;
                                /** @enum {string} */
                                state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                                queuePlace: number | null;
                                version: number;
                                planId: string;
                                planTitle: string;
                                companyId: string | null;
                                companyName: string;
                                coordinatorId: string | null;
                                coordinatorName: string;
                                dueDate: string | null;
                                estimatedStart: string | null;
                                createdAt: string;
                            }[];
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postMyRequestPlansByIdRequests: {
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
                "multipart/form-data": {
                    /** @description The request’s title (at most 200 characters). */
                    title: string;
                    /** @description JSON object: the answers to the plan’s intake questions, by question id. */
                    answers?: string;
                    /** @description JSON list: the signature of each question answered (its id, kind, label, required and options as a JSON list); when the questions changed meanwhile the answer is 409. Absent: the questions as they are now. */
                    asked?: string;
                    /** @description JSON list: for each answerFiles file, the id of the question it answers. */
                    answerFileQuestions?: string;
                    /** @description Up to 10 files (pdf, image, document, zip), checked by its bytes. */
                    attachments?: string[];
                    /** @description Up to 10 files (pdf, image, document, zip), checked by its bytes. */
                    answerFiles?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        orderNumber: number;
                        title: string;
                        /** @enum {string} */
                        state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        queuePlace: number | null;
                        version: number;
                        planId: string;
                        planTitle: string;
                        companyId: string | null;
                        companyName: string;
                        coordinatorId: string | null;
                        coordinatorName: string;
                        dueDate: string | null;
                        estimatedStart: string | null;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postMyRequestPlansByIdExtraRequest: {
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
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invoiceId: string;
                        payUrl: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postMyRequestsByIdCancel: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        orderNumber: number;
                        title: string;
                        /** @enum {string} */
                        state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        queuePlace: number | null;
                        version: number;
                        planId: string;
                        planTitle: string;
                        companyId: string | null;
                        companyName: string;
                        coordinatorId: string | null;
                        coordinatorName: string;
                        dueDate: string | null;
                        estimatedStart: string | null;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postMyRequestsByIdMove: {
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
                    /** @enum {string} */
                    direction: "up" | "down";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        orderNumber: number;
                        title: string;
                        /** @enum {string} */
                        state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        queuePlace: number | null;
                        version: number;
                        planId: string;
                        planTitle: string;
                        companyId: string | null;
                        companyName: string;
                        coordinatorId: string | null;
                        coordinatorName: string;
                        dueDate: string | null;
                        estimatedStart: string | null;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getRequests: {
        parameters: {
            query?: {
                companyId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requests: {
                            id: string;
                            orderNumber: number;
                            title: string;
                            /** @enum {string} */
                            state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                            queuePlace: number | null;
                            version: number;
                            planId: string;
                            planTitle: string;
                            companyId: string | null;
                            companyName: string;
                            coordinatorId: string | null;
                            coordinatorName: string;
                            dueDate: string | null;
                            estimatedStart: string | null;
                            createdAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getRequestsById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        orderNumber: number;
                        title: string;
                        /** @enum {string} */
                        state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        queuePlace: number | null;
                        version: number;
                        planId: string;
                        planTitle: string;
                        companyId: string | null;
                        companyName: string;
                        coordinatorId: string | null;
                        coordinatorName: string;
                        dueDate: string | null;
                        estimatedStart: string | null;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postRequestsByIdMove: {
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
                    /** @enum {string} */
                    state: "queued" | "in-progress" | "in-review" | "done";
                    version: number;
                    queuePlace?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        moved: boolean;
                        request: {
                            id: string;
                            orderNumber: number;
                            title: string;
                            /** @enum {string} */
                            state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                            queuePlace: number | null;
                            version: number;
                            planId: string;
                            planTitle: string;
                            companyId: string | null;
                            companyName: string;
                            coordinatorId: string | null;
                            coordinatorName: string;
                            dueDate: string | null;
                            estimatedStart: string | null;
                            createdAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                        };
                        members: {
                            userId: string;
                            name: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            joinedAt: string;
                        }[];
                        invitations: {
                            _id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            invitedByName: string;
                            createdAt: string;
                            expiresAt: string;
                            expired: boolean;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putCompany: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                        };
                        members: {
                            userId: string;
                            name: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            joinedAt: string;
                        }[];
                        invitations: {
                            _id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            invitedByName: string;
                            createdAt: string;
                            expiresAt: string;
                            expired: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCompanyInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @enum {string} */
                    role: "owner" | "member" | "billing";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                        };
                        members: {
                            userId: string;
                            name: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            joinedAt: string;
                        }[];
                        invitations: {
                            _id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            invitedByName: string;
                            createdAt: string;
                            expiresAt: string;
                            expired: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCompanyInvitationsByIdResend: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                        };
                        members: {
                            userId: string;
                            name: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            joinedAt: string;
                        }[];
                        invitations: {
                            _id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            invitedByName: string;
                            createdAt: string;
                            expiresAt: string;
                            expired: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCompanyInvitationsById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                        };
                        members: {
                            userId: string;
                            name: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            joinedAt: string;
                        }[];
                        invitations: {
                            _id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            invitedByName: string;
                            createdAt: string;
                            expiresAt: string;
                            expired: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putCompanyMembersByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "owner" | "member" | "billing";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                        };
                        members: {
                            userId: string;
                            name: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            joinedAt: string;
                        }[];
                        invitations: {
                            _id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            invitedByName: string;
                            createdAt: string;
                            expiresAt: string;
                            expired: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCompanyMembersByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                        };
                        members: {
                            userId: string;
                            name: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            joinedAt: string;
                        }[];
                        invitations: {
                            _id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            invitedByName: string;
                            createdAt: string;
                            expiresAt: string;
                            expired: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCompaniesById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                        };
                        members: {
                            userId: string;
                            name: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            joinedAt: string;
                        }[];
                        invitations: {
                            _id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            invitedByName: string;
                            createdAt: string;
                            expiresAt: string;
                            expired: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCompaniesByIdInvitations: {
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
                    email: string;
                    /** @enum {string} */
                    role: "owner" | "member" | "billing";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            _id: string;
                            name: string;
                        };
                        members: {
                            userId: string;
                            name: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            joinedAt: string;
                        }[];
                        invitations: {
                            _id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                            invitedByName: string;
                            createdAt: string;
                            expiresAt: string;
                            expired: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getInvitationsByToken: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        companyName: string;
                        invitedByName: string;
                        email: string;
                        /** @enum {string} */
                        role: "owner" | "member" | "billing";
                        /** @enum {string} */
                        state: "open" | "expired" | "accepted" | "withdrawn";
                        hasAccount: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postInvitationsByTokenAccept: {
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
                    firstName?: string;
                    lastName?: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token?: string;
                        company: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersSiteUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        /** @enum {string} */
                        role: "super-admin" | "admin" | "co-ordinator" | "client";
                        isOAuth: boolean;
                        emailVerified: boolean;
                        hasPassword: boolean;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                        paymentInfo: {
                            defaultPaymentMethodId: string | null;
                            paymentCustomerId: string | null;
                        };
                        company?: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        } | null;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postUsersSiteUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description Sign-in email. */
                    email: string;
                    /** @description The role (packages/shared/src/roles.ts). */
                    role: string;
                    /** @description A first password (optional; staff may send a reset link later). */
                    password?: string;
                    /** @description First name (up to 100 characters). */
                    "profile[firstName]"?: string;
                    /** @description Last name (up to 100 characters). */
                    "profile[lastName]"?: string;
                    /** @description The name others see (up to 100 characters). */
                    "profile[displayName]"?: string;
                    /** @description Phone (up to 40 characters). */
                    "profile[contactNumber]"?: string;
                    /** @description A short biography (up to 2,000 characters). */
                    "profile[bio]"?: string;
                    /**
                     * Format: binary
                     * @description A file (image), checked by its bytes.
                     */
                    profilePhoto?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        /** @enum {string} */
                        role: "super-admin" | "admin" | "co-ordinator" | "client";
                        isOAuth: boolean;
                        emailVerified: boolean;
                        hasPassword: boolean;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                        paymentInfo: {
                            defaultPaymentMethodId: string | null;
                            paymentCustomerId: string | null;
                        };
                        company?: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersSiteUsersById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        /** @enum {string} */
                        role: "super-admin" | "admin" | "co-ordinator" | "client";
                        isOAuth: boolean;
                        emailVerified: boolean;
                        hasPassword: boolean;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                        paymentInfo: {
                            defaultPaymentMethodId: string | null;
                            paymentCustomerId: string | null;
                        };
                        company?: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putUsersSiteUsersById: {
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
                "multipart/form-data": {
                    /** @description Sign-in email. */
                    email?: string;
                    /** @description The user's current role, as the form shows it (change it with POST …/role). */
                    role?: string;
                    /** @description A new password (optional; sessions of the user end). */
                    password?: string;
                    /** @description First name (up to 100 characters). */
                    "profile[firstName]"?: string;
                    /** @description Last name (up to 100 characters). */
                    "profile[lastName]"?: string;
                    /** @description The name others see (up to 100 characters). */
                    "profile[displayName]"?: string;
                    /** @description Phone (up to 40 characters). */
                    "profile[contactNumber]"?: string;
                    /** @description A short biography (up to 2,000 characters). */
                    "profile[bio]"?: string;
                    /**
                     * Format: binary
                     * @description A file (image), checked by its bytes.
                     */
                    profilePhoto?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        /** @enum {string} */
                        role: "super-admin" | "admin" | "co-ordinator" | "client";
                        isOAuth: boolean;
                        emailVerified: boolean;
                        hasPassword: boolean;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                        paymentInfo: {
                            defaultPaymentMethodId: string | null;
                            paymentCustomerId: string | null;
                        };
                        company?: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteUsersSiteUsersById: {
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
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postUsersSiteUsersByIdRole: {
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
                    /** @enum {string} */
                    role: "super-admin" | "admin" | "co-ordinator" | "client";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        email: string;
                        /** @enum {string} */
                        role: "super-admin" | "admin" | "co-ordinator" | "client";
                        isOAuth: boolean;
                        emailVerified: boolean;
                        hasPassword: boolean;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            companyName: string;
                            contactNumber: string;
                            bio: string;
                            profilePhotoURL: string;
                        };
                        paymentInfo: {
                            defaultPaymentMethodId: string | null;
                            paymentCustomerId: string | null;
                        };
                        company?: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "member" | "billing";
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postUsersSiteUsersByIdResetPassword: {
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
            /** @description Default Response */
            202: {
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
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getServices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        featurePhoto: string;
                        basePrice: number;
                    }[];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    postServices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description Up to 200 characters; required on create. */
                    title: string;
                    /** @description What the service is. */
                    description?: string;
                    /** @description What the initial investment pays for. */
                    initialInvestmentDescription?: string;
                    /** @description How it is paid, in words. */
                    paymentType?: string;
                    /** @description Delivery time in working days. */
                    deliveryDays?: string;
                    /** @description JSON: [{_id?, title, type: one-time|weekly|fortnightly|monthly|quarterly|yearly, baseCost, recurringCost, priceSuffix, features}] (dollars). */
                    packages?: string;
                    /** @description JSON: [{_id?, title, description, price}] (dollars). */
                    serviceExtras?: string;
                    /** @description JSON: [{question, answer}]. */
                    faqs?: string;
                    /** @description JSON: the questions the customer's brief asks. */
                    intakeQuestions?: string;
                    /** @description Up to 30 files (image), or as text: JSON: the existing image URLs to keep, in order. */
                    gallery?: string | string[];
                    /** @description Up to 10 files (video), or as text: JSON: the existing [{url, thumbnailUrl}] to keep, in order. */
                    featureVideos?: string | string[];
                    /** @description JSON: for each thumbnail file, the index of the new video it is for. */
                    featureVideoThumbnailFor?: string;
                    /** @description A file (image), or as text: '' removes the current photo. */
                    featurePhoto?: string;
                    /** @description A file (pdf), or as text: '' removes the current PDF. */
                    comparisonPdf?: string;
                    /** @description Up to 10 files (image), checked by its bytes. */
                    featureVideoThumbnails?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        description: string;
                        initialInvestmentDescription: string;
                        initialInvestmentPrice: number;
                        packages: {
                            _id: string;
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            baseCost: number;
                            recurringCost: number;
                            priceSuffix: string;
                            features: string[];
                            recommended: boolean;
                            activeRequestLimit?: number | null;
                            requestsPerPeriod?: number | null;
                            extraRequestPrice?: number | null;
                            clientsMayPause?: boolean;
                            minimumTermPeriods?: number | null;
                            minimumTerm?: string | null;
                        }[];
                        serviceExtras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        faqs: {
                            question: string;
                            answer: string;
                        }[];
                        gallery: string[];
                        featureVideos: {
                            url: string;
                            thumbnailUrl: string;
                        }[];
                        featurePhoto: string;
                        comparisonPdf: string;
                        paymentType: string;
                        deliveryDays: number;
                        basePrice: number;
                        archived: boolean;
                        archivedAt: string | null;
                        intakeQuestions: {
                            id: string;
                            /** @enum {string} */
                            kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                            label: string;
                            help: string;
                            required: boolean;
                            options: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getServicesSearch: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getServicesById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        description: string;
                        initialInvestmentDescription: string;
                        initialInvestmentPrice: number;
                        packages: {
                            _id: string;
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            baseCost: number;
                            recurringCost: number;
                            priceSuffix: string;
                            features: string[];
                            recommended: boolean;
                            activeRequestLimit?: number | null;
                            requestsPerPeriod?: number | null;
                            extraRequestPrice?: number | null;
                            clientsMayPause?: boolean;
                            minimumTermPeriods?: number | null;
                            minimumTerm?: string | null;
                        }[];
                        serviceExtras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        faqs: {
                            question: string;
                            answer: string;
                        }[];
                        gallery: string[];
                        featureVideos: {
                            url: string;
                            thumbnailUrl: string;
                        }[];
                        featurePhoto: string;
                        comparisonPdf: string;
                        paymentType: string;
                        deliveryDays: number;
                        basePrice: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putServicesById: {
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
                "multipart/form-data": {
                    /** @description Up to 200 characters; required on create. */
                    title?: string;
                    /** @description What the service is. */
                    description?: string;
                    /** @description What the initial investment pays for. */
                    initialInvestmentDescription?: string;
                    /** @description How it is paid, in words. */
                    paymentType?: string;
                    /** @description Delivery time in working days. */
                    deliveryDays?: string;
                    /** @description JSON: [{_id?, title, type: one-time|weekly|fortnightly|monthly|quarterly|yearly, baseCost, recurringCost, priceSuffix, features}] (dollars). */
                    packages?: string;
                    /** @description JSON: [{_id?, title, description, price}] (dollars). */
                    serviceExtras?: string;
                    /** @description JSON: [{question, answer}]. */
                    faqs?: string;
                    /** @description JSON: the questions the customer's brief asks. */
                    intakeQuestions?: string;
                    /** @description Up to 30 files (image), or as text: JSON: the existing image URLs to keep, in order. */
                    gallery?: string | string[];
                    /** @description Up to 10 files (video), or as text: JSON: the existing [{url, thumbnailUrl}] to keep, in order. */
                    featureVideos?: string | string[];
                    /** @description JSON: for each thumbnail file, the index of the new video it is for. */
                    featureVideoThumbnailFor?: string;
                    /** @description A file (image), or as text: '' removes the current photo. */
                    featurePhoto?: string;
                    /** @description A file (pdf), or as text: '' removes the current PDF. */
                    comparisonPdf?: string;
                    /** @description Up to 10 files (image), checked by its bytes. */
                    featureVideoThumbnails?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        description: string;
                        initialInvestmentDescription: string;
                        initialInvestmentPrice: number;
                        packages: {
                            _id: string;
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            baseCost: number;
                            recurringCost: number;
                            priceSuffix: string;
                            features: string[];
                            recommended: boolean;
                            activeRequestLimit?: number | null;
                            requestsPerPeriod?: number | null;
                            extraRequestPrice?: number | null;
                            clientsMayPause?: boolean;
                            minimumTermPeriods?: number | null;
                            minimumTerm?: string | null;
                        }[];
                        serviceExtras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        faqs: {
                            question: string;
                            answer: string;
                        }[];
                        gallery: string[];
                        featureVideos: {
                            url: string;
                            thumbnailUrl: string;
                        }[];
                        featurePhoto: string;
                        comparisonPdf: string;
                        paymentType: string;
                        deliveryDays: number;
                        basePrice: number;
                        archived: boolean;
                        archivedAt: string | null;
                        intakeQuestions: {
                            id: string;
                            /** @enum {string} */
                            kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                            label: string;
                            help: string;
                            required: boolean;
                            options: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteServicesById: {
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
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                    }[];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    postPages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description Up to 200 characters. */
                    title: string;
                    /** @description The first item's title. */
                    "items[0][title]"?: string;
                    /** @description A path starting with / or an http(s) address. */
                    "items[0][link]"?: string;
                    /** @description The item's current photo, kept when no new file is sent. */
                    "items[0][featurePhotoUrl]"?: string;
                    /**
                     * Format: binary
                     * @description A file (image), checked by its bytes.
                     */
                    "items[0][featurePhoto]"?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        items: {
                            title: string;
                            link: string;
                            featurePhoto: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPagesById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        items: {
                            title: string;
                            link: string;
                            featurePhoto: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putPagesById: {
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
                "multipart/form-data": {
                    /** @description Up to 200 characters. */
                    title: string;
                    /** @description The first item's title. */
                    "items[0][title]"?: string;
                    /** @description A path starting with / or an http(s) address. */
                    "items[0][link]"?: string;
                    /** @description The item's current photo, kept when no new file is sent. */
                    "items[0][featurePhotoUrl]"?: string;
                    /**
                     * Format: binary
                     * @description A file (image), checked by its bytes.
                     */
                    "items[0][featurePhoto]"?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        items: {
                            title: string;
                            link: string;
                            featurePhoto: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deletePagesById: {
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
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getIndustries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        link: string;
                        featurePhoto: string;
                    }[];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    postIndustries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description Up to 200 characters. */
                    title: string;
                    /** @description A path starting with / or an http(s) address. */
                    link: string;
                    /** @description A file (image), or as text: '' removes the current photo. */
                    featurePhoto?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        link: string;
                        featurePhoto: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getNavigation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        header: {
                            label: string;
                            /** @enum {string} */
                            kind: "service" | "page";
                            id: string;
                        }[];
                        footer: {
                            label: string;
                            /** @enum {string} */
                            kind: "service" | "page";
                            id: string;
                        }[];
                    };
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    putNavigation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    header: {
                        label: string;
                        /** @enum {string} */
                        kind: "service" | "page";
                        id: string;
                    }[];
                    footer: {
                        label: string;
                        /** @enum {string} */
                        kind: "service" | "page";
                        id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        header: {
                            label: string;
                            /** @enum {string} */
                            kind: "service" | "page";
                            id: string;
                        }[];
                        footer: {
                            label: string;
                            /** @enum {string} */
                            kind: "service" | "page";
                            id: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersRecentlyViewed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        service: {
                            _id: string;
                            title: string;
                            featurePhoto: string;
                            basePrice: number;
                        };
                        viewedAt: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postUsersRecentlyViewed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    serviceId: string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPdf: {
        parameters: {
            query: {
                url: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getServicesManage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        featurePhoto: string;
                        basePrice: number;
                        archived: boolean;
                        archivedAt: string | null;
                        orderCount: number;
                        updatedAt: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getServicesByIdManage: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        description: string;
                        initialInvestmentDescription: string;
                        initialInvestmentPrice: number;
                        packages: {
                            _id: string;
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            baseCost: number;
                            recurringCost: number;
                            priceSuffix: string;
                            features: string[];
                            recommended: boolean;
                            activeRequestLimit?: number | null;
                            requestsPerPeriod?: number | null;
                            extraRequestPrice?: number | null;
                            clientsMayPause?: boolean;
                            minimumTermPeriods?: number | null;
                            minimumTerm?: string | null;
                        }[];
                        serviceExtras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        faqs: {
                            question: string;
                            answer: string;
                        }[];
                        gallery: string[];
                        featureVideos: {
                            url: string;
                            thumbnailUrl: string;
                        }[];
                        featurePhoto: string;
                        comparisonPdf: string;
                        paymentType: string;
                        deliveryDays: number;
                        basePrice: number;
                        archived: boolean;
                        archivedAt: string | null;
                        intakeQuestions: {
                            id: string;
                            /** @enum {string} */
                            kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                            label: string;
                            help: string;
                            required: boolean;
                            options: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getNavigationManage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        header: {
                            label: string;
                            /** @enum {string} */
                            kind: "service" | "page";
                            id: string;
                        }[];
                        footer: {
                            label: string;
                            /** @enum {string} */
                            kind: "service" | "page";
                            id: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getIndustriesById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        link: string;
                        featurePhoto: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putIndustriesById: {
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
                "multipart/form-data": {
                    /** @description Up to 200 characters. */
                    title: string;
                    /** @description A path starting with / or an http(s) address. */
                    link: string;
                    /** @description A file (image), or as text: '' removes the current photo. */
                    featurePhoto?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        title: string;
                        link: string;
                        featurePhoto: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteIndustriesById: {
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
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOverviewSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        id: "coordinators" | "abn" | "payments" | "email" | "reply-by-email" | "legal" | "sign-in";
                        title: string;
                        done: boolean;
                        detail: string;
                        href: string | null;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        salesData: {
                            id: string;
                            title: string;
                            type: string;
                            date: string;
                            totalPrice: number;
                            money: {
                                currency: string;
                                paidAtOrderCents: number;
                                paidAtOrderGstCents: number;
                                chargedCents: number;
                                chargedGstCents: number;
                                refundedCents: number;
                                refundedGstCents: number;
                                pendingRefundCents: number;
                                keptCents: number;
                                keptGstCents: number;
                                recurringCents: number;
                                /** @enum {string|null} */
                                period: "week" | "2 weeks" | "month" | "quarter" | "year" | null;
                                depositCents: number;
                                balanceCents: number;
                                balanceDueCents: number;
                            };
                        }[];
                        needsCoordinator: {
                            id: string;
                            title: string;
                            type: string;
                            date: string;
                            totalPrice: number;
                            money: {
                                currency: string;
                                paidAtOrderCents: number;
                                paidAtOrderGstCents: number;
                                chargedCents: number;
                                chargedGstCents: number;
                                refundedCents: number;
                                refundedGstCents: number;
                                pendingRefundCents: number;
                                keptCents: number;
                                keptGstCents: number;
                                recurringCents: number;
                                /** @enum {string|null} */
                                period: "week" | "2 weeks" | "month" | "quarter" | "year" | null;
                                depositCents: number;
                                balanceCents: number;
                                balanceDueCents: number;
                            };
                        }[];
                        clients: {
                            _id: string;
                            profile: {
                                displayName: string;
                                firstName: string;
                                lastName: string;
                            };
                            name: string;
                            createdAt: string;
                        }[];
                        revenue: {
                            today: {
                                totalSales: number;
                                totalOrders: number;
                                from: string;
                                to: string;
                            };
                            week: {
                                totalSales: number;
                                totalOrders: number;
                                from: string;
                                to: string;
                            };
                            month: {
                                totalSales: number;
                                totalOrders: number;
                                from: string;
                                to: string;
                            };
                            timeZone: string;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCompanyPagesBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: "about-us" | "our-team" | "careers" | "privacy-policy" | "terms-of-service" | "intellectual-property-claims";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        slug: "about-us" | "our-team" | "careers" | "privacy-policy" | "terms-of-service" | "intellectual-property-claims";
                        title: string;
                        body: string;
                        updatedAt: string | null;
                        updatedBy: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putCompanyPagesBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: "about-us" | "our-team" | "careers" | "privacy-policy" | "terms-of-service" | "intellectual-property-claims";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        slug: "about-us" | "our-team" | "careers" | "privacy-policy" | "terms-of-service" | "intellectual-property-claims";
                        title: string;
                        body: string;
                        updatedAt: string | null;
                        updatedBy: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCompanyPages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        slug: "about-us" | "our-team" | "careers" | "privacy-policy" | "terms-of-service" | "intellectual-property-claims";
                        title: string;
                        body: string;
                        updatedAt: string | null;
                        updatedBy: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCompaniesByCompanyIdFiles: {
        parameters: {
            query?: {
                folder?: string;
            };
            header?: never;
            path: {
                companyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usage: {
                            usedBytes: number;
                            quotaBytes: number;
                        };
                        folder: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            kind: "brand" | "order" | "custom";
                            parentId: string | null;
                            projectId: string | null;
                        } | null;
                        path: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            kind: "brand" | "order" | "custom";
                            parentId: string | null;
                            projectId: string | null;
                        }[];
                        folders: {
                            _id: string;
                            name: string;
                            /** @enum {string} */
                            kind: "brand" | "order" | "custom";
                            parentId: string | null;
                            projectId: string | null;
                        }[];
                        files: {
                            _id: string;
                            name: string;
                            contentType: string;
                            size: number | null;
                            /** @enum {string} */
                            source: "upload" | "message" | "brief" | "deliverable" | "proposal";
                            url: string;
                            uploadedBy: string;
                            createdAt: string;
                            folderId: string | null;
                            readOnly: boolean;
                            deletedAt: string | null;
                            deletedBy: string | null;
                            purgeAt: string | null;
                        }[];
                        destinations: {
                            _id: string;
                            label: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCompaniesByCompanyIdFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The folder to put it in (before the file); the top of the library if absent. */
                    folderId?: string;
                    /**
                     * Format: binary
                     * @description A file (image, pdf, video, document, zip), checked by its bytes.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        contentType: string;
                        size: number | null;
                        /** @enum {string} */
                        source: "upload" | "message" | "brief" | "deliverable" | "proposal";
                        url: string;
                        uploadedBy: string;
                        createdAt: string;
                        folderId: string | null;
                        readOnly: boolean;
                        deletedAt: string | null;
                        deletedBy: string | null;
                        purgeAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCompaniesByCompanyIdFilesByFileIdContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCompaniesByCompanyIdFilesByFileId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        contentType: string;
                        size: number | null;
                        /** @enum {string} */
                        source: "upload" | "message" | "brief" | "deliverable" | "proposal";
                        url: string;
                        uploadedBy: string;
                        createdAt: string;
                        folderId: string | null;
                        readOnly: boolean;
                        deletedAt: string | null;
                        deletedBy: string | null;
                        purgeAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    patchCompaniesByCompanyIdFilesByFileId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
                fileId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    folderId?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        contentType: string;
                        size: number | null;
                        /** @enum {string} */
                        source: "upload" | "message" | "brief" | "deliverable" | "proposal";
                        url: string;
                        uploadedBy: string;
                        createdAt: string;
                        folderId: string | null;
                        readOnly: boolean;
                        deletedAt: string | null;
                        deletedBy: string | null;
                        purgeAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCompaniesByCompanyIdBin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usage: {
                            usedBytes: number;
                            quotaBytes: number;
                        };
                        files: {
                            _id: string;
                            name: string;
                            contentType: string;
                            size: number | null;
                            /** @enum {string} */
                            source: "upload" | "message" | "brief" | "deliverable" | "proposal";
                            url: string;
                            uploadedBy: string;
                            createdAt: string;
                            folderId: string | null;
                            readOnly: boolean;
                            deletedAt: string | null;
                            deletedBy: string | null;
                            purgeAt: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCompaniesByCompanyIdBinByFileIdRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        contentType: string;
                        size: number | null;
                        /** @enum {string} */
                        source: "upload" | "message" | "brief" | "deliverable" | "proposal";
                        url: string;
                        uploadedBy: string;
                        createdAt: string;
                        folderId: string | null;
                        readOnly: boolean;
                        deletedAt: string | null;
                        deletedBy: string | null;
                        purgeAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCompaniesByCompanyIdBinByFileId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCompaniesByCompanyIdFolders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    parentId?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        /** @enum {string} */
                        kind: "brand" | "order" | "custom";
                        parentId: string | null;
                        projectId: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteCompaniesByCompanyIdFoldersByFolderId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
                folderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    patchCompaniesByCompanyIdFoldersByFolderId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
                folderId: string;
            };
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        /** @enum {string} */
                        kind: "brand" | "order" | "custom";
                        parentId: string | null;
                        projectId: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPaymentsConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        provider: "sandbox" | "stripe";
                        publishableKey: string | null;
                        currency: string;
                    };
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    postPaymentsHandlePayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required: the idempotencyKey field or the Idempotency-Key header (400 without either). The same key makes a retry charge once. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    creditCents?: number;
                    customer: {
                        name: string;
                        email: string;
                    };
                    payment_method: string;
                    /** @description Required: the idempotencyKey field or the Idempotency-Key header (400 without either). The same key makes a retry charge once. */
                    idempotencyKey?: string;
                    /** @enum {string} */
                    type: "normal";
                    projectDetails: {
                        serviceId?: string;
                        service?: string | ({
                            _id: string;
                        } & {
                            [key: string]: unknown;
                        });
                        packageId?: string;
                        packageTitle?: string;
                        package?: {
                            _id?: string;
                            title?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @default [] */
                        extras?: ({
                            _id: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        coordinator: string;
                        companyName?: string;
                        contactNumber?: string;
                        firstName?: string;
                        lastName?: string;
                        emailAddress?: string;
                        discountCode?: string;
                    } & {
                        [key: string]: unknown;
                    };
                } | {
                    amount: number;
                    creditCents?: number;
                    customer: {
                        name: string;
                        email: string;
                    };
                    payment_method: string;
                    /** @description Required: the idempotencyKey field or the Idempotency-Key header (400 without either). The same key makes a retry charge once. */
                    idempotencyKey?: string;
                    /** @enum {string} */
                    type: "customQuote";
                    projectDetails: {
                        quoteId: string;
                        coordinatorId: string;
                        quoteName?: string;
                        amountWithGST?: number;
                        userId?: string;
                        companyName?: string;
                        contactNumber?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        paymentCustomerId: string;
                        projectId: string;
                        paymentId: string;
                        defaultPaymentMethodId: string;
                    } | {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {boolean} */
                        requiresAction: true;
                        clientSecret: string;
                        paymentIntentId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRefused"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postPaymentsConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentIntentId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        paymentCustomerId: string;
                        projectId: string;
                        paymentId: string;
                        defaultPaymentMethodId: string;
                    } | {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {boolean} */
                        requiresAction: true;
                        clientSecret: string;
                        paymentIntentId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postPaymentsSandboxAuthenticate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    clientSecret: string;
                    /** @enum {string} */
                    outcome: "approve" | "fail";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        paymentIntentId: string;
                        /** @enum {string} */
                        status: "succeeded" | "failed" | "requires_action";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postUsersUpdatePaymentInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userId: string;
                    paymentCustomerId: string;
                    defaultPaymentMethodId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        paymentInfo: {
                            paymentCustomerId: string;
                            defaultPaymentMethodId: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersCoordinators: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                        };
                    }[];
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersCoordinatorsById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        profile: {
                            firstName: string;
                            lastName: string;
                            displayName: string;
                            profilePhotoUrl: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getQuotesById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        summary: string;
                        deliverables: string;
                        extras: string;
                        value: number;
                        deliveryDays: number;
                        paid: boolean;
                        depositPercent: number | null;
                        depositAmount: number | null;
                        depositPaid: boolean;
                        balanceRequested: boolean;
                        balanceDueDate: string | null;
                        projectId: string | null;
                        terms: string;
                        version: number;
                        validUntil: string | null;
                        sentAt: string | null;
                        preparedFor: string;
                        preparedBy: string;
                        expired: boolean;
                        accepted: {
                            name: string;
                            at: string;
                            version: number;
                            hash: string;
                            recordedBy: string | null;
                        } | null;
                        declinedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putQuotesById: {
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
                    /** @default  */
                    summary?: string;
                    /** @default  */
                    internalNotes?: string;
                    /** @default  */
                    deliverables?: string;
                    /** @default  */
                    extras?: string;
                    deliveryDays?: number | string;
                    intakeQuestions?: {
                        id: string;
                        /** @enum {string} */
                        kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                        label: string;
                        /** @default  */
                        help?: string;
                        /** @default false */
                        required?: boolean;
                        /** @default [] */
                        options?: string[];
                    }[];
                    value: number;
                    /**
                     * @default {
                     *       "kind": "none",
                     *       "value": 0
                     *     }
                     */
                    deposit?: {
                        /** @enum {string} */
                        kind: "none" | "percent" | "amount";
                        value: number;
                    };
                    /**
                     * @default The price covers the scope described in this proposal. Work outside it is quoted separately.
                     *     Work starts when the proposal is accepted and the first payment (the deposit, or the whole price) is received.
                     *     Delivery times are working days from receiving your brief. Delays in feedback or materials move the delivery date.
                     *     Two rounds of revisions are included on each deliverable.
                     *     Where a deposit applies, the balance is due when the work is ready, before final files are handed over.
                     *     Prices are in Australian dollars; GST is shown separately.
                     */
                    terms?: string;
                    /**
                     * Format: date
                     * @default null
                     */
                    validUntil?: string | null;
                    /** @default null */
                    customerId?: string | null;
                    /** @default  */
                    recipientEmail?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        summary: string;
                        deliverables: string;
                        extras: string;
                        value: number;
                        deliveryDays: number;
                        paid: boolean;
                        depositPercent: number | null;
                        depositAmount: number | null;
                        depositPaid: boolean;
                        balanceRequested: boolean;
                        balanceDueDate: string | null;
                        projectId: string | null;
                        terms: string;
                        version: number;
                        validUntil: string | null;
                        sentAt: string | null;
                        preparedFor: string;
                        preparedBy: string;
                        expired: boolean;
                        accepted: {
                            name: string;
                            at: string;
                            version: number;
                            hash: string;
                            recordedBy: string | null;
                        } | null;
                        declinedAt: string | null;
                        internalNotes: string;
                        createdBy: string;
                        createdAt: string;
                        customer: {
                            id: string;
                            name: string;
                            email: string;
                        } | null;
                        recipientEmail: string;
                        /** @enum {string} */
                        state: "Draft" | "Sent" | "Viewed" | "Accepted" | "Declined" | "Expired" | "Deposit paid" | "Paid";
                        viewedAt: string | null;
                        paidAt: string | null;
                        depositPaidAt: string | null;
                        balanceRequestedAt: string | null;
                        acceptedAt: string | null;
                        declineReason: string;
                        acceptanceNote: string;
                        currency: string;
                        intakeQuestions: {
                            id: string;
                            /** @enum {string} */
                            kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                            label: string;
                            help: string;
                            required: boolean;
                            options: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteQuotesById: {
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
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsByIdSubscription: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        projectId: string;
                        packageTitle: string;
                        /** @enum {string} */
                        status: "active" | "past_due" | "paused" | "cancelled";
                        /** @enum {string} */
                        interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                        amountCents: number;
                        currency: string;
                        nextChargeAt: string | null;
                        cancelledAt: string | null;
                        pausedAt: string | null;
                        pausedUntil: string | null;
                        clientsMayPause: boolean;
                        declines: number;
                        lastDecline: {
                            at: string | null;
                            reason: string;
                            nextTryAt: string | null;
                        } | null;
                        pendingChange: {
                            packageTitle: string;
                            amountCents: number;
                            effectiveAt: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsByIdPayments: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        orderNumber: number;
                        /** @enum {string} */
                        kind: "order" | "renewal" | "balance" | "bill" | "plan_change";
                        amountCents: number;
                        gstCents: number;
                        currency: string;
                        status: string;
                        createdAt: string;
                        invoiceNumber: string;
                        invoiceUrl: string;
                        discountCents: number;
                        refunds: {
                            _id: string;
                            /** @enum {string} */
                            to: "card" | "credit";
                            amountCents: number;
                            gstCents: number;
                            currency: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            /** @enum {string} */
                            reason: "requested_by_customer" | "duplicate" | "service_not_delivered" | "other";
                            note: string;
                            failureMessage: string | null;
                            createdAt: string;
                            createdByName: string;
                            noteNumber: string;
                            noteUrl: string | null;
                        }[];
                        refundableCents: number;
                        creditCents: number;
                        cardRefundableCents: number;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdPaymentsByPaymentIdRefunds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number | string;
                    /** @enum {string} */
                    reason: "requested_by_customer" | "duplicate" | "service_not_delivered" | "other";
                    /** @default  */
                    note?: string;
                    /** @default false */
                    cancelSubscription?: boolean;
                    /**
                     * @default card
                     * @enum {string}
                     */
                    to?: "card" | "credit";
                    idempotencyKey: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        /** @enum {string} */
                        to: "card" | "credit";
                        amountCents: number;
                        gstCents: number;
                        currency: string;
                        /** @enum {string} */
                        status: "pending" | "succeeded" | "failed";
                        /** @enum {string} */
                        reason: "requested_by_customer" | "duplicate" | "service_not_delivered" | "other";
                        note: string;
                        failureMessage: string | null;
                        createdAt: string;
                        createdByName: string;
                        noteNumber: string;
                        noteUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRefused"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdBalanceRequest: {
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
            /** @description Default Response */
            202: {
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
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdSubscriptionCancel: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        projectId: string;
                        packageTitle: string;
                        /** @enum {string} */
                        status: "active" | "past_due" | "paused" | "cancelled";
                        /** @enum {string} */
                        interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                        amountCents: number;
                        currency: string;
                        nextChargeAt: string | null;
                        cancelledAt: string | null;
                        pausedAt: string | null;
                        pausedUntil: string | null;
                        clientsMayPause: boolean;
                        declines: number;
                        lastDecline: {
                            at: string | null;
                            reason: string;
                            nextTryAt: string | null;
                        } | null;
                        pendingChange: {
                            packageTitle: string;
                            amountCents: number;
                            effectiveAt: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdSubscriptionPause: {
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
                    /** @default null */
                    until?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        projectId: string;
                        packageTitle: string;
                        /** @enum {string} */
                        status: "active" | "past_due" | "paused" | "cancelled";
                        /** @enum {string} */
                        interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                        amountCents: number;
                        currency: string;
                        nextChargeAt: string | null;
                        cancelledAt: string | null;
                        pausedAt: string | null;
                        pausedUntil: string | null;
                        clientsMayPause: boolean;
                        declines: number;
                        lastDecline: {
                            at: string | null;
                            reason: string;
                            nextTryAt: string | null;
                        } | null;
                        pendingChange: {
                            packageTitle: string;
                            amountCents: number;
                            effectiveAt: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdSubscriptionResume: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        projectId: string;
                        packageTitle: string;
                        /** @enum {string} */
                        status: "active" | "past_due" | "paused" | "cancelled";
                        /** @enum {string} */
                        interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                        amountCents: number;
                        currency: string;
                        nextChargeAt: string | null;
                        cancelledAt: string | null;
                        pausedAt: string | null;
                        pausedUntil: string | null;
                        clientsMayPause: boolean;
                        declines: number;
                        lastDecline: {
                            at: string | null;
                            reason: string;
                            nextTryAt: string | null;
                        } | null;
                        pendingChange: {
                            packageTitle: string;
                            amountCents: number;
                            effectiveAt: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsByIdSubscriptionPlans: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        packageTitle: string;
                        amountCents: number;
                        /** @enum {string} */
                        interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                        refusal: string | null;
                        options: {
                            packageId: string;
                            packageTitle: string;
                            features: string[];
                            /** @enum {string} */
                            takesEffect: "now" | "next-renewal";
                            amountCents: number;
                            dueTodayCents: number;
                            dueTodayGstCents: number;
                            creditCents: number;
                            daysLeft: number;
                            periodDays: number;
                            nextChargeAt: string;
                            nextChargeCents: number;
                            currency: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdSubscriptionChange: {
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
                    packageId: string;
                    /** @default false */
                    waiveProration?: boolean;
                    expectedDueTodayCents?: number;
                    expectedCreditCents?: number;
                    idempotencyKey: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        projectId: string;
                        packageTitle: string;
                        /** @enum {string} */
                        status: "active" | "past_due" | "paused" | "cancelled";
                        /** @enum {string} */
                        interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                        amountCents: number;
                        currency: string;
                        nextChargeAt: string | null;
                        cancelledAt: string | null;
                        pausedAt: string | null;
                        pausedUntil: string | null;
                        clientsMayPause: boolean;
                        declines: number;
                        lastDecline: {
                            at: string | null;
                            reason: string;
                            nextTryAt: string | null;
                        } | null;
                        pendingChange: {
                            packageTitle: string;
                            amountCents: number;
                            effectiveAt: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRefused"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdSubscriptionChangeCancel: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        projectId: string;
                        packageTitle: string;
                        /** @enum {string} */
                        status: "active" | "past_due" | "paused" | "cancelled";
                        /** @enum {string} */
                        interval: "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                        amountCents: number;
                        currency: string;
                        nextChargeAt: string | null;
                        cancelledAt: string | null;
                        pausedAt: string | null;
                        pausedUntil: string | null;
                        clientsMayPause: boolean;
                        declines: number;
                        lastDecline: {
                            at: string | null;
                            reason: string;
                            nextTryAt: string | null;
                        } | null;
                        pendingChange: {
                            packageTitle: string;
                            amountCents: number;
                            effectiveAt: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getMyCredit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balanceCents: number;
                        currency: string;
                        entries: {
                            _id: string;
                            /** @enum {string} */
                            kind: "refund" | "spent" | "returned" | "added" | "removed";
                            amountCents: number;
                            currency: string;
                            orderNumber: number | null;
                            note: string;
                            createdAt: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getCompaniesByIdCredit: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balanceCents: number;
                        currency: string;
                        entries: {
                            _id: string;
                            /** @enum {string} */
                            kind: "refund" | "spent" | "returned" | "added" | "removed";
                            amountCents: number;
                            currency: string;
                            orderNumber: number | null;
                            note: string;
                            createdAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postCompaniesByIdCredit: {
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
                    /** @enum {string} */
                    direction: "add" | "remove";
                    amount: number | string;
                    reason: string;
                    idempotencyKey: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balanceCents: number;
                        currency: string;
                        entries: {
                            _id: string;
                            /** @enum {string} */
                            kind: "refund" | "spent" | "returned" | "added" | "removed";
                            amountCents: number;
                            currency: string;
                            orderNumber: number | null;
                            note: string;
                            createdAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSubscriptionsByIdRenewalCard: {
        parameters: {
            query: {
                e: number;
                t: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        serviceTitle: string;
                        packageTitle: string;
                        orderNumber: number;
                        amountCents: number;
                        currency: string;
                        /** @enum {string} */
                        status: "active" | "past_due" | "paused" | "cancelled";
                        periodFrom: string;
                        declines: number;
                        lastDecline: {
                            at: string | null;
                            reason: string;
                            nextTryAt: string | null;
                        } | null;
                        card: {
                            brand: string;
                            last4: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postSubscriptionsByIdRenewalCard: {
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
                    e: number;
                    t: string;
                    paymentMethodId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        link: {
                            e: number;
                            t: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPaymentsByIdInvoice: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getRefundsByIdAdjustmentNote: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postPaymentsGuestCheckout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required: the idempotencyKey field or the Idempotency-Key header (400 without either). The same key makes a retry charge once. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    creditCents?: number;
                    customer: {
                        name: string;
                        email: string;
                    };
                    payment_method: string;
                    /** @description Required: the idempotencyKey field or the Idempotency-Key header (400 without either). The same key makes a retry charge once. */
                    idempotencyKey?: string;
                    /** @enum {string} */
                    type: "normal";
                    projectDetails: {
                        serviceId?: string;
                        service?: string | ({
                            _id: string;
                        } & {
                            [key: string]: unknown;
                        });
                        packageId?: string;
                        packageTitle?: string;
                        package?: {
                            _id?: string;
                            title?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @default [] */
                        extras?: ({
                            _id: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        coordinator: string;
                        companyName?: string;
                        contactNumber?: string;
                        firstName?: string;
                        lastName?: string;
                        emailAddress?: string;
                        discountCode?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    guest: {
                        firstName: string;
                        lastName: string;
                        email: string;
                        phoneNumber: string;
                    };
                } | {
                    amount: number;
                    creditCents?: number;
                    customer: {
                        name: string;
                        email: string;
                    };
                    payment_method: string;
                    /** @description Required: the idempotencyKey field or the Idempotency-Key header (400 without either). The same key makes a retry charge once. */
                    idempotencyKey?: string;
                    /** @enum {string} */
                    type: "customQuote";
                    projectDetails: {
                        quoteId: string;
                        coordinatorId: string;
                        quoteName?: string;
                        amountWithGST?: number;
                        userId?: string;
                        companyName?: string;
                        contactNumber?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    guest: {
                        firstName: string;
                        lastName: string;
                        email: string;
                        phoneNumber: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        account: "created" | "existing";
                        token: string | null;
                        payment: {
                            /** @enum {boolean} */
                            success: true;
                            paymentCustomerId: string;
                            projectId: string;
                            paymentId: string;
                            defaultPaymentMethodId: string;
                        } | {
                            /** @enum {boolean} */
                            success: false;
                            /** @enum {boolean} */
                            requiresAction: true;
                            clientSecret: string;
                            paymentIntentId: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postPaymentsGuestConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentIntentId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string | null;
                        payment: {
                            /** @enum {boolean} */
                            success: true;
                            paymentCustomerId: string;
                            projectId: string;
                            paymentId: string;
                            defaultPaymentMethodId: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postPaymentsClaimOrder: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: string;
                        passwordToken: string | null;
                        alreadyClaimed: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getInvoices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bills: {
                            _id: string;
                            number: string;
                            /** @enum {string} */
                            status: "draft" | "sent" | "overdue" | "paid" | "void";
                            customer: {
                                _id: string;
                                name: string;
                                email: string;
                                companyName: string;
                            };
                            dueDate: string;
                            currency: string;
                            totalCents: number;
                            dueCents: number;
                            sentAt: string | null;
                            createdAt: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postInvoices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default null */
                    customerId?: string | null;
                    /** @default  */
                    email?: "" | string;
                    lines: {
                        description: string;
                        quantity: number | string;
                        unitPrice: number | string;
                        /** @default true */
                        gst?: boolean;
                    }[];
                    /** Format: date */
                    dueDate: string;
                    /** @default  */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        number: string;
                        /** @enum {string} */
                        status: "draft" | "sent" | "overdue" | "paid" | "void";
                        customer: {
                            _id: string;
                            name: string;
                            email: string;
                            companyName: string;
                        };
                        lines: {
                            description: string;
                            quantityHundredths: number;
                            unitCents: number;
                            gst: boolean;
                            netCents: number;
                            gstCents: number;
                            totalCents: number;
                        }[];
                        note: string;
                        dueDate: string;
                        currency: string;
                        subtotalCents: number;
                        gstFreeCents: number;
                        gstCents: number;
                        totalCents: number;
                        paidCents: number;
                        dueCents: number;
                        sentAt: string | null;
                        voidedAt: string | null;
                        createdAt: string;
                        payments: {
                            _id: string;
                            /** @enum {string} */
                            method: "bank_transfer" | "cash" | "card" | "account_credit";
                            amountCents: number;
                            reference: string;
                            receivedAt: string;
                            invoiceNumber: string;
                            invoiceUrl: string;
                            reversal: {
                                noteNumber: string;
                                url: string;
                                createdAt: string;
                            } | null;
                        }[];
                        payUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getInvoicesById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        number: string;
                        /** @enum {string} */
                        status: "draft" | "sent" | "overdue" | "paid" | "void";
                        customer: {
                            _id: string;
                            name: string;
                            email: string;
                            companyName: string;
                        };
                        lines: {
                            description: string;
                            quantityHundredths: number;
                            unitCents: number;
                            gst: boolean;
                            netCents: number;
                            gstCents: number;
                            totalCents: number;
                        }[];
                        note: string;
                        dueDate: string;
                        currency: string;
                        subtotalCents: number;
                        gstFreeCents: number;
                        gstCents: number;
                        totalCents: number;
                        paidCents: number;
                        dueCents: number;
                        sentAt: string | null;
                        voidedAt: string | null;
                        createdAt: string;
                        payments: {
                            _id: string;
                            /** @enum {string} */
                            method: "bank_transfer" | "cash" | "card" | "account_credit";
                            amountCents: number;
                            reference: string;
                            receivedAt: string;
                            invoiceNumber: string;
                            invoiceUrl: string;
                            reversal: {
                                noteNumber: string;
                                url: string;
                                createdAt: string;
                            } | null;
                        }[];
                        payUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putInvoicesById: {
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
                    /** @default null */
                    customerId?: string | null;
                    /** @default  */
                    email?: "" | string;
                    lines: {
                        description: string;
                        quantity: number | string;
                        unitPrice: number | string;
                        /** @default true */
                        gst?: boolean;
                    }[];
                    /** Format: date */
                    dueDate: string;
                    /** @default  */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        number: string;
                        /** @enum {string} */
                        status: "draft" | "sent" | "overdue" | "paid" | "void";
                        customer: {
                            _id: string;
                            name: string;
                            email: string;
                            companyName: string;
                        };
                        lines: {
                            description: string;
                            quantityHundredths: number;
                            unitCents: number;
                            gst: boolean;
                            netCents: number;
                            gstCents: number;
                            totalCents: number;
                        }[];
                        note: string;
                        dueDate: string;
                        currency: string;
                        subtotalCents: number;
                        gstFreeCents: number;
                        gstCents: number;
                        totalCents: number;
                        paidCents: number;
                        dueCents: number;
                        sentAt: string | null;
                        voidedAt: string | null;
                        createdAt: string;
                        payments: {
                            _id: string;
                            /** @enum {string} */
                            method: "bank_transfer" | "cash" | "card" | "account_credit";
                            amountCents: number;
                            reference: string;
                            receivedAt: string;
                            invoiceNumber: string;
                            invoiceUrl: string;
                            reversal: {
                                noteNumber: string;
                                url: string;
                                createdAt: string;
                            } | null;
                        }[];
                        payUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postInvoicesByIdSend: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        number: string;
                        /** @enum {string} */
                        status: "draft" | "sent" | "overdue" | "paid" | "void";
                        customer: {
                            _id: string;
                            name: string;
                            email: string;
                            companyName: string;
                        };
                        lines: {
                            description: string;
                            quantityHundredths: number;
                            unitCents: number;
                            gst: boolean;
                            netCents: number;
                            gstCents: number;
                            totalCents: number;
                        }[];
                        note: string;
                        dueDate: string;
                        currency: string;
                        subtotalCents: number;
                        gstFreeCents: number;
                        gstCents: number;
                        totalCents: number;
                        paidCents: number;
                        dueCents: number;
                        sentAt: string | null;
                        voidedAt: string | null;
                        createdAt: string;
                        payments: {
                            _id: string;
                            /** @enum {string} */
                            method: "bank_transfer" | "cash" | "card" | "account_credit";
                            amountCents: number;
                            reference: string;
                            receivedAt: string;
                            invoiceNumber: string;
                            invoiceUrl: string;
                            reversal: {
                                noteNumber: string;
                                url: string;
                                createdAt: string;
                            } | null;
                        }[];
                        payUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postInvoicesByIdVoid: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        number: string;
                        /** @enum {string} */
                        status: "draft" | "sent" | "overdue" | "paid" | "void";
                        customer: {
                            _id: string;
                            name: string;
                            email: string;
                            companyName: string;
                        };
                        lines: {
                            description: string;
                            quantityHundredths: number;
                            unitCents: number;
                            gst: boolean;
                            netCents: number;
                            gstCents: number;
                            totalCents: number;
                        }[];
                        note: string;
                        dueDate: string;
                        currency: string;
                        subtotalCents: number;
                        gstFreeCents: number;
                        gstCents: number;
                        totalCents: number;
                        paidCents: number;
                        dueCents: number;
                        sentAt: string | null;
                        voidedAt: string | null;
                        createdAt: string;
                        payments: {
                            _id: string;
                            /** @enum {string} */
                            method: "bank_transfer" | "cash" | "card" | "account_credit";
                            amountCents: number;
                            reference: string;
                            receivedAt: string;
                            invoiceNumber: string;
                            invoiceUrl: string;
                            reversal: {
                                noteNumber: string;
                                url: string;
                                createdAt: string;
                            } | null;
                        }[];
                        payUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postInvoicesByIdMarkPaid: {
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
                    /** @enum {string} */
                    method: "bank_transfer" | "cash";
                    /** Format: date */
                    receivedOn: string;
                    /** @default  */
                    reference?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        number: string;
                        /** @enum {string} */
                        status: "draft" | "sent" | "overdue" | "paid" | "void";
                        customer: {
                            _id: string;
                            name: string;
                            email: string;
                            companyName: string;
                        };
                        lines: {
                            description: string;
                            quantityHundredths: number;
                            unitCents: number;
                            gst: boolean;
                            netCents: number;
                            gstCents: number;
                            totalCents: number;
                        }[];
                        note: string;
                        dueDate: string;
                        currency: string;
                        subtotalCents: number;
                        gstFreeCents: number;
                        gstCents: number;
                        totalCents: number;
                        paidCents: number;
                        dueCents: number;
                        sentAt: string | null;
                        voidedAt: string | null;
                        createdAt: string;
                        payments: {
                            _id: string;
                            /** @enum {string} */
                            method: "bank_transfer" | "cash" | "card" | "account_credit";
                            amountCents: number;
                            reference: string;
                            receivedAt: string;
                            invoiceNumber: string;
                            invoiceUrl: string;
                            reversal: {
                                noteNumber: string;
                                url: string;
                                createdAt: string;
                            } | null;
                        }[];
                        payUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postInvoicesByIdPaymentsByPaymentIdReverse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        number: string;
                        /** @enum {string} */
                        status: "draft" | "sent" | "overdue" | "paid" | "void";
                        customer: {
                            _id: string;
                            name: string;
                            email: string;
                            companyName: string;
                        };
                        lines: {
                            description: string;
                            quantityHundredths: number;
                            unitCents: number;
                            gst: boolean;
                            netCents: number;
                            gstCents: number;
                            totalCents: number;
                        }[];
                        note: string;
                        dueDate: string;
                        currency: string;
                        subtotalCents: number;
                        gstFreeCents: number;
                        gstCents: number;
                        totalCents: number;
                        paidCents: number;
                        dueCents: number;
                        sentAt: string | null;
                        voidedAt: string | null;
                        createdAt: string;
                        payments: {
                            _id: string;
                            /** @enum {string} */
                            method: "bank_transfer" | "cash" | "card" | "account_credit";
                            amountCents: number;
                            reference: string;
                            receivedAt: string;
                            invoiceNumber: string;
                            invoiceUrl: string;
                            reversal: {
                                noteNumber: string;
                                url: string;
                                createdAt: string;
                            } | null;
                        }[];
                        payUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getInvoicesByIdPay: {
        parameters: {
            query: {
                t: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        number: string;
                        /** @enum {string} */
                        status: "draft" | "sent" | "overdue" | "paid" | "void";
                        lines: {
                            description: string;
                            quantityHundredths: number;
                            unitCents: number;
                            gst: boolean;
                            netCents: number;
                            gstCents: number;
                            totalCents: number;
                        }[];
                        note: string;
                        dueDate: string;
                        currency: string;
                        subtotalCents: number;
                        gstFreeCents: number;
                        gstCents: number;
                        totalCents: number;
                        paidCents: number;
                        dueCents: number;
                        customerName: string;
                        companyName: string;
                        bank: {
                            accountName: string;
                            bsb: string;
                            accountNumber: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postInvoicesByIdPay: {
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
                    token: string;
                    paymentMethodId: string;
                    idempotencyKey: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "paid";
                    } | {
                        /** @enum {string} */
                        status: "requires_action";
                        clientSecret: string;
                        paymentIntentId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            402: components["responses"]["PaymentRefused"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postInvoicesByIdPayConfirm: {
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
                    token: string;
                    paymentIntentId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "paid";
                    } | {
                        /** @enum {string} */
                        status: "requires_action";
                        clientSecret: string;
                        paymentIntentId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            402: components["responses"]["PaymentRefused"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjects: {
        parameters: {
            query?: {
                userId?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        orderNumber: number;
                        type: string;
                        user: {
                            _id: string;
                            email: string;
                            profile: {
                                firstName: string;
                                lastName: string;
                                displayName: string;
                                companyName: string;
                                contactNumber: string;
                                bio: string;
                                profilePhotoURL: string;
                            };
                        };
                        companyId?: string | null;
                        service: {
                            _id: string | null;
                            title: string;
                            description: string;
                            featurePhoto: string;
                        };
                        status: string;
                        startDate: string;
                        expectedDeliveryDate: string | null;
                        deliveryDays: number;
                        deliveryDate: string | null;
                        totalPrice: number;
                        oneTimeTotalWithGST: number;
                        recurringTotalWithGST: number;
                        currency: string;
                        money: {
                            currency: string;
                            paidAtOrderCents: number;
                            paidAtOrderGstCents: number;
                            chargedCents: number;
                            chargedGstCents: number;
                            refundedCents: number;
                            refundedGstCents: number;
                            pendingRefundCents: number;
                            keptCents: number;
                            keptGstCents: number;
                            recurringCents: number;
                            /** @enum {string|null} */
                            period: "week" | "2 weeks" | "month" | "quarter" | "year" | null;
                            depositCents: number;
                            balanceCents: number;
                            balanceDueCents: number;
                        };
                        package: {
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            priceSuffix: string;
                            features: string;
                            baseCost: number;
                            recurringCost: number;
                        };
                        coordinator: string | null;
                        coordinatorName: string;
                        quoteId: string | null;
                        proposalSigned: boolean;
                        proposalSignedAt: string | null;
                        balanceRequestedAt: string | null;
                        statusUpdates: {
                            _id: string;
                            title: string;
                            description: string;
                            date: string;
                            createdAt: string;
                        }[];
                        extras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        paymentDetails: {
                            paymentType: string;
                            transactionId: string;
                            amount: number;
                            currency: string;
                        }[];
                        contact: {
                            firstName: string;
                            lastName: string;
                            companyName: string;
                            contactNumber: string;
                            emailAddress: string;
                        };
                        briefSubmitted: boolean;
                        nextPeriodAt: string | null;
                        request?: {
                            planId: string;
                            planTitle: string;
                            planOrderNumber: number;
                            /** @enum {string} */
                            state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        } | null;
                        createdAt: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        orderNumber: number;
                        type: string;
                        user: {
                            _id: string;
                            email: string;
                            profile: {
                                firstName: string;
                                lastName: string;
                                displayName: string;
                                companyName: string;
                                contactNumber: string;
                                bio: string;
                                profilePhotoURL: string;
                            };
                        };
                        companyId?: string | null;
                        service: {
                            _id: string | null;
                            title: string;
                            description: string;
                            featurePhoto: string;
                        };
                        status: string;
                        startDate: string;
                        expectedDeliveryDate: string | null;
                        deliveryDays: number;
                        deliveryDate: string | null;
                        totalPrice: number;
                        oneTimeTotalWithGST: number;
                        recurringTotalWithGST: number;
                        currency: string;
                        money: {
                            currency: string;
                            paidAtOrderCents: number;
                            paidAtOrderGstCents: number;
                            chargedCents: number;
                            chargedGstCents: number;
                            refundedCents: number;
                            refundedGstCents: number;
                            pendingRefundCents: number;
                            keptCents: number;
                            keptGstCents: number;
                            recurringCents: number;
                            /** @enum {string|null} */
                            period: "week" | "2 weeks" | "month" | "quarter" | "year" | null;
                            depositCents: number;
                            balanceCents: number;
                            balanceDueCents: number;
                        };
                        package: {
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            priceSuffix: string;
                            features: string;
                            baseCost: number;
                            recurringCost: number;
                        };
                        coordinator: string | null;
                        coordinatorName: string;
                        quoteId: string | null;
                        proposalSigned: boolean;
                        proposalSignedAt: string | null;
                        balanceRequestedAt: string | null;
                        statusUpdates: {
                            _id: string;
                            title: string;
                            description: string;
                            date: string;
                            createdAt: string;
                        }[];
                        extras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        paymentDetails: {
                            paymentType: string;
                            transactionId: string;
                            amount: number;
                            currency: string;
                        }[];
                        contact: {
                            firstName: string;
                            lastName: string;
                            companyName: string;
                            contactNumber: string;
                            emailAddress: string;
                        };
                        briefSubmitted: boolean;
                        nextPeriodAt: string | null;
                        request?: {
                            planId: string;
                            planTitle: string;
                            planOrderNumber: number;
                            /** @enum {string} */
                            state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        } | null;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    patchProjectsById: {
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
                    /** @enum {string} */
                    status?: "active" | "on-hold" | "completed" | "cancelled";
                    expectedDeliveryDate?: string | null;
                    deliveryDate?: string | null;
                    coordinatorId?: string | null;
                    dueChangeReason?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        orderNumber: number;
                        type: string;
                        user: {
                            _id: string;
                            email: string;
                            profile: {
                                firstName: string;
                                lastName: string;
                                displayName: string;
                                companyName: string;
                                contactNumber: string;
                                bio: string;
                                profilePhotoURL: string;
                            };
                        };
                        companyId?: string | null;
                        service: {
                            _id: string | null;
                            title: string;
                            description: string;
                            featurePhoto: string;
                        };
                        status: string;
                        startDate: string;
                        expectedDeliveryDate: string | null;
                        deliveryDays: number;
                        deliveryDate: string | null;
                        totalPrice: number;
                        oneTimeTotalWithGST: number;
                        recurringTotalWithGST: number;
                        currency: string;
                        money: {
                            currency: string;
                            paidAtOrderCents: number;
                            paidAtOrderGstCents: number;
                            chargedCents: number;
                            chargedGstCents: number;
                            refundedCents: number;
                            refundedGstCents: number;
                            pendingRefundCents: number;
                            keptCents: number;
                            keptGstCents: number;
                            recurringCents: number;
                            /** @enum {string|null} */
                            period: "week" | "2 weeks" | "month" | "quarter" | "year" | null;
                            depositCents: number;
                            balanceCents: number;
                            balanceDueCents: number;
                        };
                        package: {
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            priceSuffix: string;
                            features: string;
                            baseCost: number;
                            recurringCost: number;
                        };
                        coordinator: string | null;
                        coordinatorName: string;
                        quoteId: string | null;
                        proposalSigned: boolean;
                        proposalSignedAt: string | null;
                        balanceRequestedAt: string | null;
                        statusUpdates: {
                            _id: string;
                            title: string;
                            description: string;
                            date: string;
                            createdAt: string;
                        }[];
                        extras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        paymentDetails: {
                            paymentType: string;
                            transactionId: string;
                            amount: number;
                            currency: string;
                        }[];
                        contact: {
                            firstName: string;
                            lastName: string;
                            companyName: string;
                            contactNumber: string;
                            emailAddress: string;
                        };
                        briefSubmitted: boolean;
                        nextPeriodAt: string | null;
                        request?: {
                            planId: string;
                            planTitle: string;
                            planOrderNumber: number;
                            /** @enum {string} */
                            state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        } | null;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putUsersProjectsByProjectIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    statusUpdate: {
                        /** @enum {string} */
                        title: "Project Started" | "Expected Delivery Date" | "Project In Progress" | "Project Delivered" | "Project Completed";
                        date: string;
                        /** @default  */
                        description?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        orderNumber: number;
                        type: string;
                        user: {
                            _id: string;
                            email: string;
                            profile: {
                                firstName: string;
                                lastName: string;
                                displayName: string;
                                companyName: string;
                                contactNumber: string;
                                bio: string;
                                profilePhotoURL: string;
                            };
                        };
                        companyId?: string | null;
                        service: {
                            _id: string | null;
                            title: string;
                            description: string;
                            featurePhoto: string;
                        };
                        status: string;
                        startDate: string;
                        expectedDeliveryDate: string | null;
                        deliveryDays: number;
                        deliveryDate: string | null;
                        totalPrice: number;
                        oneTimeTotalWithGST: number;
                        recurringTotalWithGST: number;
                        currency: string;
                        money: {
                            currency: string;
                            paidAtOrderCents: number;
                            paidAtOrderGstCents: number;
                            chargedCents: number;
                            chargedGstCents: number;
                            refundedCents: number;
                            refundedGstCents: number;
                            pendingRefundCents: number;
                            keptCents: number;
                            keptGstCents: number;
                            recurringCents: number;
                            /** @enum {string|null} */
                            period: "week" | "2 weeks" | "month" | "quarter" | "year" | null;
                            depositCents: number;
                            balanceCents: number;
                            balanceDueCents: number;
                        };
                        package: {
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            priceSuffix: string;
                            features: string;
                            baseCost: number;
                            recurringCost: number;
                        };
                        coordinator: string | null;
                        coordinatorName: string;
                        quoteId: string | null;
                        proposalSigned: boolean;
                        proposalSignedAt: string | null;
                        balanceRequestedAt: string | null;
                        statusUpdates: {
                            _id: string;
                            title: string;
                            description: string;
                            date: string;
                            createdAt: string;
                        }[];
                        extras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        paymentDetails: {
                            paymentType: string;
                            transactionId: string;
                            amount: number;
                            currency: string;
                        }[];
                        contact: {
                            firstName: string;
                            lastName: string;
                            companyName: string;
                            contactNumber: string;
                            emailAddress: string;
                        };
                        briefSubmitted: boolean;
                        nextPeriodAt: string | null;
                        request?: {
                            planId: string;
                            planTitle: string;
                            planOrderNumber: number;
                            /** @enum {string} */
                            state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        } | null;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putProjectsByProjectIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    statusUpdate: {
                        /** @enum {string} */
                        title: "Project Started" | "Expected Delivery Date" | "Project In Progress" | "Project Delivered" | "Project Completed";
                        date: string;
                        /** @default  */
                        description?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        orderNumber: number;
                        type: string;
                        user: {
                            _id: string;
                            email: string;
                            profile: {
                                firstName: string;
                                lastName: string;
                                displayName: string;
                                companyName: string;
                                contactNumber: string;
                                bio: string;
                                profilePhotoURL: string;
                            };
                        };
                        companyId?: string | null;
                        service: {
                            _id: string | null;
                            title: string;
                            description: string;
                            featurePhoto: string;
                        };
                        status: string;
                        startDate: string;
                        expectedDeliveryDate: string | null;
                        deliveryDays: number;
                        deliveryDate: string | null;
                        totalPrice: number;
                        oneTimeTotalWithGST: number;
                        recurringTotalWithGST: number;
                        currency: string;
                        money: {
                            currency: string;
                            paidAtOrderCents: number;
                            paidAtOrderGstCents: number;
                            chargedCents: number;
                            chargedGstCents: number;
                            refundedCents: number;
                            refundedGstCents: number;
                            pendingRefundCents: number;
                            keptCents: number;
                            keptGstCents: number;
                            recurringCents: number;
                            /** @enum {string|null} */
                            period: "week" | "2 weeks" | "month" | "quarter" | "year" | null;
                            depositCents: number;
                            balanceCents: number;
                            balanceDueCents: number;
                        };
                        package: {
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            priceSuffix: string;
                            features: string;
                            baseCost: number;
                            recurringCost: number;
                        };
                        coordinator: string | null;
                        coordinatorName: string;
                        quoteId: string | null;
                        proposalSigned: boolean;
                        proposalSignedAt: string | null;
                        balanceRequestedAt: string | null;
                        statusUpdates: {
                            _id: string;
                            title: string;
                            description: string;
                            date: string;
                            createdAt: string;
                        }[];
                        extras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        paymentDetails: {
                            paymentType: string;
                            transactionId: string;
                            amount: number;
                            currency: string;
                        }[];
                        contact: {
                            firstName: string;
                            lastName: string;
                            companyName: string;
                            contactNumber: string;
                            emailAddress: string;
                        };
                        briefSubmitted: boolean;
                        nextPeriodAt: string | null;
                        request?: {
                            planId: string;
                            planTitle: string;
                            planOrderNumber: number;
                            /** @enum {string} */
                            state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        } | null;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersClientsByIdProjects: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        orderNumber: number;
                        type: string;
                        user: {
                            _id: string;
                            email: string;
                            profile: {
                                firstName: string;
                                lastName: string;
                                displayName: string;
                                companyName: string;
                                contactNumber: string;
                                bio: string;
                                profilePhotoURL: string;
                            };
                        };
                        companyId?: string | null;
                        service: {
                            _id: string | null;
                            title: string;
                            description: string;
                            featurePhoto: string;
                        };
                        status: string;
                        startDate: string;
                        expectedDeliveryDate: string | null;
                        deliveryDays: number;
                        deliveryDate: string | null;
                        totalPrice: number;
                        oneTimeTotalWithGST: number;
                        recurringTotalWithGST: number;
                        currency: string;
                        money: {
                            currency: string;
                            paidAtOrderCents: number;
                            paidAtOrderGstCents: number;
                            chargedCents: number;
                            chargedGstCents: number;
                            refundedCents: number;
                            refundedGstCents: number;
                            pendingRefundCents: number;
                            keptCents: number;
                            keptGstCents: number;
                            recurringCents: number;
                            /** @enum {string|null} */
                            period: "week" | "2 weeks" | "month" | "quarter" | "year" | null;
                            depositCents: number;
                            balanceCents: number;
                            balanceDueCents: number;
                        };
                        package: {
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            priceSuffix: string;
                            features: string;
                            baseCost: number;
                            recurringCost: number;
                        };
                        coordinator: string | null;
                        coordinatorName: string;
                        quoteId: string | null;
                        proposalSigned: boolean;
                        proposalSignedAt: string | null;
                        balanceRequestedAt: string | null;
                        statusUpdates: {
                            _id: string;
                            title: string;
                            description: string;
                            date: string;
                            createdAt: string;
                        }[];
                        extras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        paymentDetails: {
                            paymentType: string;
                            transactionId: string;
                            amount: number;
                            currency: string;
                        }[];
                        contact: {
                            firstName: string;
                            lastName: string;
                            companyName: string;
                            contactNumber: string;
                            emailAddress: string;
                        };
                        briefSubmitted: boolean;
                        nextPeriodAt: string | null;
                        request?: {
                            planId: string;
                            planTitle: string;
                            planOrderNumber: number;
                            /** @enum {string} */
                            state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        } | null;
                        createdAt: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsAll: {
        parameters: {
            query?: {
                search?: string;
                company?: string;
                service?: string;
                status?: string;
                teamMember?: string;
                dateRange?: "today" | "yesterday" | "last7days" | "last30days" | "last90days" | "last365days";
                type?: "Project" | "CustomQuote";
                from?: string;
                to?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            _id: string;
                            orderNumber: number;
                            type: string;
                            user: {
                                _id: string;
                                email: string;
                                profile: {
                                    firstName: string;
                                    lastName: string;
                                    displayName: string;
                                    companyName: string;
                                    contactNumber: string;
                                    bio: string;
                                    profilePhotoURL: string;
                                };
                            };
                            companyId?: string | null;
                            service: {
                                _id: string | null;
                                title: string;
                                description: string;
                                featurePhoto: string;
                            };
                            status: string;
                            startDate: string;
                            expectedDeliveryDate: string | null;
                            deliveryDays: number;
                            deliveryDate: string | null;
                            totalPrice: number;
                            oneTimeTotalWithGST: number;
                            recurringTotalWithGST: number;
                            currency: string;
                            money: {
                                currency: string;
                                paidAtOrderCents: number;
                                paidAtOrderGstCents: number;
                                chargedCents: number;
                                chargedGstCents: number;
                                refundedCents: number;
                                refundedGstCents: number;
                                pendingRefundCents: number;
                                keptCents: number;
                                keptGstCents: number;
                                recurringCents: number;
                                /** @enum {string|null} */
                                period: "week" | "2 weeks" | "month" | "quarter" | "year" | null;
                                depositCents: number;
                                balanceCents: number;
                                balanceDueCents: number;
                            };
                            package: {
                                title: string;
                                /** @enum {string} */
                                type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                                priceSuffix: string;
                                features: string;
                                baseCost: number;
                                recurringCost: number;
                            };
                            coordinator: string | null;
                            coordinatorName: string;
                            quoteId: string | null;
                            proposalSigned: boolean;
                            proposalSignedAt: string | null;
                            balanceRequestedAt: string | null;
                            statusUpdates: {
                                _id: string;
                                title: string;
                                description: string;
                                date: string;
                                createdAt: string;
                            }[];
                            extras: {
                                _id: string;
                                title: string;
                                description: string;
                                price: number;
                            }[];
                            paymentDetails: {
                                paymentType: string;
                                transactionId: string;
                                amount: number;
                                currency: string;
                            }[];
                            contact: {
                                firstName: string;
                                lastName: string;
                                companyName: string;
                                contactNumber: string;
                                emailAddress: string;
                            };
                            briefSubmitted: boolean;
                            nextPeriodAt: string | null;
                            request?: {
                                planId: string;
                                planTitle: string;
                                planOrderNumber: number;
                                /** @enum {string} */
                                state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                            } | null;
                            createdAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsAllById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        orderNumber: number;
                        type: string;
                        user: {
                            _id: string;
                            email: string;
                            profile: {
                                firstName: string;
                                lastName: string;
                                displayName: string;
                                companyName: string;
                                contactNumber: string;
                                bio: string;
                                profilePhotoURL: string;
                            };
                        };
                        companyId?: string | null;
                        service: {
                            _id: string | null;
                            title: string;
                            description: string;
                            featurePhoto: string;
                        };
                        status: string;
                        startDate: string;
                        expectedDeliveryDate: string | null;
                        deliveryDays: number;
                        deliveryDate: string | null;
                        totalPrice: number;
                        oneTimeTotalWithGST: number;
                        recurringTotalWithGST: number;
                        currency: string;
                        money: {
                            currency: string;
                            paidAtOrderCents: number;
                            paidAtOrderGstCents: number;
                            chargedCents: number;
                            chargedGstCents: number;
                            refundedCents: number;
                            refundedGstCents: number;
                            pendingRefundCents: number;
                            keptCents: number;
                            keptGstCents: number;
                            recurringCents: number;
                            /** @enum {string|null} */
                            period: "week" | "2 weeks" | "month" | "quarter" | "year" | null;
                            depositCents: number;
                            balanceCents: number;
                            balanceDueCents: number;
                        };
                        package: {
                            title: string;
                            /** @enum {string} */
                            type: "one-time" | "weekly" | "fortnightly" | "monthly" | "quarterly" | "yearly";
                            priceSuffix: string;
                            features: string;
                            baseCost: number;
                            recurringCost: number;
                        };
                        coordinator: string | null;
                        coordinatorName: string;
                        quoteId: string | null;
                        proposalSigned: boolean;
                        proposalSignedAt: string | null;
                        balanceRequestedAt: string | null;
                        statusUpdates: {
                            _id: string;
                            title: string;
                            description: string;
                            date: string;
                            createdAt: string;
                        }[];
                        extras: {
                            _id: string;
                            title: string;
                            description: string;
                            price: number;
                        }[];
                        paymentDetails: {
                            paymentType: string;
                            transactionId: string;
                            amount: number;
                            currency: string;
                        }[];
                        contact: {
                            firstName: string;
                            lastName: string;
                            companyName: string;
                            contactNumber: string;
                            emailAddress: string;
                        };
                        briefSubmitted: boolean;
                        nextPeriodAt: string | null;
                        request?: {
                            planId: string;
                            planTitle: string;
                            planOrderNumber: number;
                            /** @enum {string} */
                            state: "queued" | "in-progress" | "in-review" | "done" | "cancelled";
                        } | null;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getSalesFilters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        companies: string[];
                        services: {
                            _id: string;
                            title: string;
                        }[];
                        statuses: {
                            value: string;
                            label: string;
                        }[];
                        teamMembers: {
                            _id: string;
                            name: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsByIdBrief: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        text: string;
                        authorName: string;
                        createdAt: string;
                        attachments: {
                            _id: string;
                            name: string;
                            contentType: string;
                            size: number;
                            url: string;
                            questionId: string | null;
                        }[];
                        answers: {
                            questionId: string;
                            label: string;
                            kind: string;
                            required: boolean;
                            options: string[];
                            answer: (string | null) | (string[] | null) | (boolean | null);
                        }[] | null;
                        correctable: boolean;
                        correctedAt: string | null;
                        history: {
                            correctedAt: string;
                            correctedBy: string;
                            text: string;
                            answers: {
                                questionId: string;
                                label: string;
                                kind: string;
                                required: boolean;
                                options: string[];
                                answer: (string | null) | (string[] | null) | (boolean | null);
                            }[] | null;
                        }[];
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdBrief: {
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
                "multipart/form-data": {
                    /** @description The brief, in words. */
                    text?: string;
                    /** @description JSON object: the first brief's answers to the intake questions, by question id. */
                    answers?: string;
                    /** @description JSON list: the `signature` of each question answered, as GET …/brief/questions gives it. */
                    asked?: string;
                    /** @description 'true' when every question is left blank and nothing is written or attached on purpose. */
                    nothingToAdd?: string;
                    /** @description JSON list: for each answerFiles file, the id of the question it answers. */
                    answerFileQuestions?: string;
                    /** @description Up to 10 files (pdf, image, document, zip), checked by its bytes. */
                    attachments?: string[];
                    /** @description Up to 10 files (pdf, image, document, zip), checked by its bytes. */
                    answerFiles?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        text: string;
                        authorName: string;
                        createdAt: string;
                        attachments: {
                            _id: string;
                            name: string;
                            contentType: string;
                            size: number;
                            url: string;
                            questionId: string | null;
                        }[];
                        answers: {
                            questionId: string;
                            label: string;
                            kind: string;
                            required: boolean;
                            options: string[];
                            answer: (string | null) | (string[] | null) | (boolean | null);
                        }[] | null;
                        correctable: boolean;
                        correctedAt: string | null;
                        history: {
                            correctedAt: string;
                            correctedBy: string;
                            text: string;
                            answers: {
                                questionId: string;
                                label: string;
                                kind: string;
                                required: boolean;
                                options: string[];
                                answer: (string | null) | (string[] | null) | (boolean | null);
                            }[] | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putProjectsByIdBriefByEntryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                entryId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    answers?: {
                        [key: string]: (string | null) | (string[] | null) | (boolean | null);
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        text: string;
                        authorName: string;
                        createdAt: string;
                        attachments: {
                            _id: string;
                            name: string;
                            contentType: string;
                            size: number;
                            url: string;
                            questionId: string | null;
                        }[];
                        answers: {
                            questionId: string;
                            label: string;
                            kind: string;
                            required: boolean;
                            options: string[];
                            answer: (string | null) | (string[] | null) | (boolean | null);
                        }[] | null;
                        correctable: boolean;
                        correctedAt: string | null;
                        history: {
                            correctedAt: string;
                            correctedBy: string;
                            text: string;
                            answers: {
                                questionId: string;
                                label: string;
                                kind: string;
                                required: boolean;
                                options: string[];
                                answer: (string | null) | (string[] | null) | (boolean | null);
                            }[] | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsByIdBriefQuestions: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        questions: {
                            id: string;
                            /** @enum {string} */
                            kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                            label: string;
                            help: string;
                            required: boolean;
                            options: string[];
                            /** @description The question as asked now. A brief names the questions it answers by these signatures (the `asked` field): one changed since it was read is not taken as answered. */
                            signature: string;
                        }[];
                        answered: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsByIdBriefAttachmentsByAttachmentId: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsByIdMessages: {
        parameters: {
            query?: {
                /** @description The olderCursor of a page: the messages before its oldest. */
                before?: string;
                /** @description How many messages, at most (the newest of those asked for). */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: {
                            _id: string;
                            authorName: string;
                            authorPhoto: string | null;
                            /** @enum {string} */
                            side: "team" | "customer";
                            text: string;
                            internal: boolean;
                            /** @enum {string} */
                            via: "web" | "email";
                            createdAt: string;
                            attachments: {
                                _id: string;
                                name: string;
                                contentType: string;
                                size: number;
                                url: string;
                            }[];
                            deliverable: {
                                _id: string;
                                name: string;
                                version: number;
                            } | null;
                        }[];
                        olderCursor: string | null;
                        deliverables: {
                            _id: string;
                            messageId: string;
                            name: string;
                            version: number;
                            /** @enum {string} */
                            state: "awaiting" | "approved" | "changes-requested" | "superseded";
                            sentBy: string;
                            createdAt: string;
                            files: {
                                _id: string;
                                name: string;
                                contentType: string;
                                size: number;
                                url: string;
                            }[];
                            decision: {
                                /** @enum {string} */
                                kind: "approved" | "changes-requested";
                                byName: string;
                                at: string;
                            } | null;
                        }[];
                        closedReason: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdMessages: {
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
                "multipart/form-data": {
                    /** @description The message. */
                    text?: string;
                    /** @description 'true': a note for the team the customer never sees (staff only). */
                    internal?: string;
                    /** @description Staff: the files are the next version of this deliverable ('Logo') to approve. */
                    deliverable?: string;
                    /** @description Up to 10 files (pdf, image, document, zip), checked by its bytes. */
                    attachments?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        authorName: string;
                        authorPhoto: string | null;
                        /** @enum {string} */
                        side: "team" | "customer";
                        text: string;
                        internal: boolean;
                        /** @enum {string} */
                        via: "web" | "email";
                        createdAt: string;
                        attachments: {
                            _id: string;
                            name: string;
                            contentType: string;
                            size: number;
                            url: string;
                        }[];
                        deliverable: {
                            _id: string;
                            name: string;
                            version: number;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getProjectsByIdMessagesAttachmentsByAttachmentId: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdDeliverablesByDeliverableIdApprove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliverableId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliverable: {
                            _id: string;
                            messageId: string;
                            name: string;
                            version: number;
                            /** @enum {string} */
                            state: "awaiting" | "approved" | "changes-requested" | "superseded";
                            sentBy: string;
                            createdAt: string;
                            files: {
                                _id: string;
                                name: string;
                                contentType: string;
                                size: number;
                                url: string;
                            }[];
                            decision: {
                                /** @enum {string} */
                                kind: "approved" | "changes-requested";
                                byName: string;
                                at: string;
                            } | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdDeliverablesByDeliverableIdChanges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliverableId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliverable: {
                            _id: string;
                            messageId: string;
                            name: string;
                            version: number;
                            /** @enum {string} */
                            state: "awaiting" | "approved" | "changes-requested" | "superseded";
                            sentBy: string;
                            createdAt: string;
                            files: {
                                _id: string;
                                name: string;
                                contentType: string;
                                size: number;
                                url: string;
                            }[];
                            decision: {
                                /** @enum {string} */
                                kind: "approved" | "changes-requested";
                                byName: string;
                                at: string;
                            } | null;
                        };
                        message: {
                            _id: string;
                            authorName: string;
                            authorPhoto: string | null;
                            /** @enum {string} */
                            side: "team" | "customer";
                            text: string;
                            internal: boolean;
                            /** @enum {string} */
                            via: "web" | "email";
                            createdAt: string;
                            attachments: {
                                _id: string;
                                name: string;
                                contentType: string;
                                size: number;
                                url: string;
                            }[];
                            deliverable: {
                                _id: string;
                                name: string;
                                version: number;
                            } | null;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postProjectsByIdMessagesRead: {
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
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getMessagesUnread: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getMessagesInbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: string;
                        orderNumber: number;
                        serviceTitle: string;
                        customerName: string;
                        unread: number;
                        lastMessage: {
                            excerpt: string;
                            createdAt: string;
                        };
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getQuestions: {
        parameters: {
            query?: {
                status?: "open" | "closed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        subject: string;
                        /** @enum {string} */
                        status: "open" | "closed";
                        askedBy: string;
                        companyName: string;
                        assignee: {
                            _id: string;
                            name: string;
                        } | null;
                        lastMessage: {
                            excerpt: string;
                            createdAt: string;
                            /** @enum {string} */
                            side: "team" | "customer";
                        } | null;
                        unread: number;
                        createdAt: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postQuestions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The question. */
                    text?: string;
                    /** @description Up to 10 files (pdf, image, document, zip), checked by its bytes. */
                    attachments?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        subject: string;
                        /** @enum {string} */
                        status: "open" | "closed";
                        askedBy: string;
                        companyName: string;
                        assignee: {
                            _id: string;
                            name: string;
                        } | null;
                        lastMessage: {
                            excerpt: string;
                            createdAt: string;
                            /** @enum {string} */
                            side: "team" | "customer";
                        } | null;
                        unread: number;
                        createdAt: string;
                        askedById: string | null;
                        askedByEmail: string;
                        messages: {
                            _id: string;
                            authorName: string;
                            authorPhoto: string | null;
                            /** @enum {string} */
                            side: "team" | "customer";
                            text: string;
                            internal: boolean;
                            /** @enum {string} */
                            via: "web" | "email";
                            createdAt: string;
                            attachments: {
                                _id: string;
                                name: string;
                                contentType: string;
                                size: number;
                                url: string;
                            }[];
                            deliverable: {
                                _id: string;
                                name: string;
                                version: number;
                            } | null;
                        }[];
                        olderCursor: string | null;
                        quote: {
                            _id: string;
                            name: string;
                        } | null;
                        closedReason: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getQuestionsById: {
        parameters: {
            query?: {
                /** @description The olderCursor of a page: the messages before its oldest. */
                before?: string;
                /** @description How many messages, at most (the newest of those asked for). */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        subject: string;
                        /** @enum {string} */
                        status: "open" | "closed";
                        askedBy: string;
                        companyName: string;
                        assignee: {
                            _id: string;
                            name: string;
                        } | null;
                        lastMessage: {
                            excerpt: string;
                            createdAt: string;
                            /** @enum {string} */
                            side: "team" | "customer";
                        } | null;
                        unread: number;
                        createdAt: string;
                        askedById: string | null;
                        askedByEmail: string;
                        messages: {
                            _id: string;
                            authorName: string;
                            authorPhoto: string | null;
                            /** @enum {string} */
                            side: "team" | "customer";
                            text: string;
                            internal: boolean;
                            /** @enum {string} */
                            via: "web" | "email";
                            createdAt: string;
                            attachments: {
                                _id: string;
                                name: string;
                                contentType: string;
                                size: number;
                                url: string;
                            }[];
                            deliverable: {
                                _id: string;
                                name: string;
                                version: number;
                            } | null;
                        }[];
                        olderCursor: string | null;
                        quote: {
                            _id: string;
                            name: string;
                        } | null;
                        closedReason: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    patchQuestionsById: {
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
                    assigneeId?: string | null;
                    /** @enum {string} */
                    status?: "open" | "closed";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        subject: string;
                        /** @enum {string} */
                        status: "open" | "closed";
                        askedBy: string;
                        companyName: string;
                        assignee: {
                            _id: string;
                            name: string;
                        } | null;
                        lastMessage: {
                            excerpt: string;
                            createdAt: string;
                            /** @enum {string} */
                            side: "team" | "customer";
                        } | null;
                        unread: number;
                        createdAt: string;
                        askedById: string | null;
                        askedByEmail: string;
                        messages: {
                            _id: string;
                            authorName: string;
                            authorPhoto: string | null;
                            /** @enum {string} */
                            side: "team" | "customer";
                            text: string;
                            internal: boolean;
                            /** @enum {string} */
                            via: "web" | "email";
                            createdAt: string;
                            attachments: {
                                _id: string;
                                name: string;
                                contentType: string;
                                size: number;
                                url: string;
                            }[];
                            deliverable: {
                                _id: string;
                                name: string;
                                version: number;
                            } | null;
                        }[];
                        olderCursor: string | null;
                        quote: {
                            _id: string;
                            name: string;
                        } | null;
                        closedReason: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postQuestionsByIdMessages: {
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
                "multipart/form-data": {
                    /** @description The message. */
                    text?: string;
                    /** @description 'true': a note for the team the customer never sees (staff only). */
                    internal?: string;
                    /** @description Up to 10 files (pdf, image, document, zip), checked by its bytes. */
                    attachments?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        authorName: string;
                        authorPhoto: string | null;
                        /** @enum {string} */
                        side: "team" | "customer";
                        text: string;
                        internal: boolean;
                        /** @enum {string} */
                        via: "web" | "email";
                        createdAt: string;
                        attachments: {
                            _id: string;
                            name: string;
                            contentType: string;
                            size: number;
                            url: string;
                        }[];
                        deliverable: {
                            _id: string;
                            name: string;
                            version: number;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getQuestionsByIdMessagesAttachmentsByAttachmentId: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postQuestionsByIdRead: {
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
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getMyWork: {
        parameters: {
            query?: {
                member?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: string;
                        items: {
                            projectId: string;
                            type: string;
                            orderNumber: number;
                            serviceTitle: string;
                            customerName: string;
                            status: string;
                            dueDate: string | null;
                            dueInDays: number | null;
                            /** @enum {string} */
                            group: "overdue" | "due-this-week" | "waiting" | "later";
                            /** @enum {string|null} */
                            waitingFor: "brief" | "approval" | null;
                            assigneeName: string;
                            unread: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getQuotes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        summary: string;
                        deliverables: string;
                        extras: string;
                        value: number;
                        deliveryDays: number;
                        paid: boolean;
                        depositPercent: number | null;
                        depositAmount: number | null;
                        depositPaid: boolean;
                        balanceRequested: boolean;
                        balanceDueDate: string | null;
                        projectId: string | null;
                        terms: string;
                        version: number;
                        validUntil: string | null;
                        sentAt: string | null;
                        preparedFor: string;
                        preparedBy: string;
                        expired: boolean;
                        accepted: {
                            name: string;
                            at: string;
                            version: number;
                            hash: string;
                            recordedBy: string | null;
                        } | null;
                        declinedAt: string | null;
                        internalNotes: string;
                        createdBy: string;
                        createdAt: string;
                        customer: {
                            id: string;
                            name: string;
                            email: string;
                        } | null;
                        recipientEmail: string;
                        /** @enum {string} */
                        state: "Draft" | "Sent" | "Viewed" | "Accepted" | "Declined" | "Expired" | "Deposit paid" | "Paid";
                        viewedAt: string | null;
                        paidAt: string | null;
                        depositPaidAt: string | null;
                        balanceRequestedAt: string | null;
                        acceptedAt: string | null;
                        declineReason: string;
                        acceptanceNote: string;
                        currency: string;
                        intakeQuestions: {
                            id: string;
                            /** @enum {string} */
                            kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                            label: string;
                            help: string;
                            required: boolean;
                            options: string[];
                        }[];
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postQuotes: {
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
                    /** @default  */
                    summary?: string;
                    /** @default  */
                    internalNotes?: string;
                    /** @default  */
                    deliverables?: string;
                    /** @default  */
                    extras?: string;
                    deliveryDays?: number | string;
                    intakeQuestions?: {
                        id: string;
                        /** @enum {string} */
                        kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                        label: string;
                        /** @default  */
                        help?: string;
                        /** @default false */
                        required?: boolean;
                        /** @default [] */
                        options?: string[];
                    }[];
                    value: number;
                    /**
                     * @default {
                     *       "kind": "none",
                     *       "value": 0
                     *     }
                     */
                    deposit?: {
                        /** @enum {string} */
                        kind: "none" | "percent" | "amount";
                        value: number;
                    };
                    /**
                     * @default The price covers the scope described in this proposal. Work outside it is quoted separately.
                     *     Work starts when the proposal is accepted and the first payment (the deposit, or the whole price) is received.
                     *     Delivery times are working days from receiving your brief. Delays in feedback or materials move the delivery date.
                     *     Two rounds of revisions are included on each deliverable.
                     *     Where a deposit applies, the balance is due when the work is ready, before final files are handed over.
                     *     Prices are in Australian dollars; GST is shown separately.
                     */
                    terms?: string;
                    /**
                     * Format: date
                     * @default null
                     */
                    validUntil?: string | null;
                    /** @default null */
                    customerId?: string | null;
                    /** @default  */
                    recipientEmail?: string;
                    /** @default null */
                    questionId?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        summary: string;
                        deliverables: string;
                        extras: string;
                        value: number;
                        deliveryDays: number;
                        paid: boolean;
                        depositPercent: number | null;
                        depositAmount: number | null;
                        depositPaid: boolean;
                        balanceRequested: boolean;
                        balanceDueDate: string | null;
                        projectId: string | null;
                        terms: string;
                        version: number;
                        validUntil: string | null;
                        sentAt: string | null;
                        preparedFor: string;
                        preparedBy: string;
                        expired: boolean;
                        accepted: {
                            name: string;
                            at: string;
                            version: number;
                            hash: string;
                            recordedBy: string | null;
                        } | null;
                        declinedAt: string | null;
                        internalNotes: string;
                        createdBy: string;
                        createdAt: string;
                        customer: {
                            id: string;
                            name: string;
                            email: string;
                        } | null;
                        recipientEmail: string;
                        /** @enum {string} */
                        state: "Draft" | "Sent" | "Viewed" | "Accepted" | "Declined" | "Expired" | "Deposit paid" | "Paid";
                        viewedAt: string | null;
                        paidAt: string | null;
                        depositPaidAt: string | null;
                        balanceRequestedAt: string | null;
                        acceptedAt: string | null;
                        declineReason: string;
                        acceptanceNote: string;
                        currency: string;
                        intakeQuestions: {
                            id: string;
                            /** @enum {string} */
                            kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                            label: string;
                            help: string;
                            required: boolean;
                            options: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getQuotesRecipients: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        email: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getQuotesByIdManage: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        summary: string;
                        deliverables: string;
                        extras: string;
                        value: number;
                        deliveryDays: number;
                        paid: boolean;
                        depositPercent: number | null;
                        depositAmount: number | null;
                        depositPaid: boolean;
                        balanceRequested: boolean;
                        balanceDueDate: string | null;
                        projectId: string | null;
                        terms: string;
                        version: number;
                        validUntil: string | null;
                        sentAt: string | null;
                        preparedFor: string;
                        preparedBy: string;
                        expired: boolean;
                        accepted: {
                            name: string;
                            at: string;
                            version: number;
                            hash: string;
                            recordedBy: string | null;
                        } | null;
                        declinedAt: string | null;
                        internalNotes: string;
                        createdBy: string;
                        createdAt: string;
                        customer: {
                            id: string;
                            name: string;
                            email: string;
                        } | null;
                        recipientEmail: string;
                        /** @enum {string} */
                        state: "Draft" | "Sent" | "Viewed" | "Accepted" | "Declined" | "Expired" | "Deposit paid" | "Paid";
                        viewedAt: string | null;
                        paidAt: string | null;
                        depositPaidAt: string | null;
                        balanceRequestedAt: string | null;
                        acceptedAt: string | null;
                        declineReason: string;
                        acceptanceNote: string;
                        currency: string;
                        intakeQuestions: {
                            id: string;
                            /** @enum {string} */
                            kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                            label: string;
                            help: string;
                            required: boolean;
                            options: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postQuotesByIdAccept: {
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
                    version: number;
                    name: string;
                    /** @enum {boolean} */
                    agreeToTerms: true;
                };
            };
        };
        responses: {
            /** @description Default Response */
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
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postQuotesByIdDecline: {
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
                    /** @default  */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
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
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getQuotesByIdSignedPdf: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postQuotesByIdExtend: {
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
                    /** Format: date */
                    validUntil: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        summary: string;
                        deliverables: string;
                        extras: string;
                        value: number;
                        deliveryDays: number;
                        paid: boolean;
                        depositPercent: number | null;
                        depositAmount: number | null;
                        depositPaid: boolean;
                        balanceRequested: boolean;
                        balanceDueDate: string | null;
                        projectId: string | null;
                        terms: string;
                        version: number;
                        validUntil: string | null;
                        sentAt: string | null;
                        preparedFor: string;
                        preparedBy: string;
                        expired: boolean;
                        accepted: {
                            name: string;
                            at: string;
                            version: number;
                            hash: string;
                            recordedBy: string | null;
                        } | null;
                        declinedAt: string | null;
                        internalNotes: string;
                        createdBy: string;
                        createdAt: string;
                        customer: {
                            id: string;
                            name: string;
                            email: string;
                        } | null;
                        recipientEmail: string;
                        /** @enum {string} */
                        state: "Draft" | "Sent" | "Viewed" | "Accepted" | "Declined" | "Expired" | "Deposit paid" | "Paid";
                        viewedAt: string | null;
                        paidAt: string | null;
                        depositPaidAt: string | null;
                        balanceRequestedAt: string | null;
                        acceptedAt: string | null;
                        declineReason: string;
                        acceptanceNote: string;
                        currency: string;
                        intakeQuestions: {
                            id: string;
                            /** @enum {string} */
                            kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                            label: string;
                            help: string;
                            required: boolean;
                            options: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postQuotesByIdRecordAcceptance: {
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
                    version: number;
                    name: string;
                    note: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        summary: string;
                        deliverables: string;
                        extras: string;
                        value: number;
                        deliveryDays: number;
                        paid: boolean;
                        depositPercent: number | null;
                        depositAmount: number | null;
                        depositPaid: boolean;
                        balanceRequested: boolean;
                        balanceDueDate: string | null;
                        projectId: string | null;
                        terms: string;
                        version: number;
                        validUntil: string | null;
                        sentAt: string | null;
                        preparedFor: string;
                        preparedBy: string;
                        expired: boolean;
                        accepted: {
                            name: string;
                            at: string;
                            version: number;
                            hash: string;
                            recordedBy: string | null;
                        } | null;
                        declinedAt: string | null;
                        internalNotes: string;
                        createdBy: string;
                        createdAt: string;
                        customer: {
                            id: string;
                            name: string;
                            email: string;
                        } | null;
                        recipientEmail: string;
                        /** @enum {string} */
                        state: "Draft" | "Sent" | "Viewed" | "Accepted" | "Declined" | "Expired" | "Deposit paid" | "Paid";
                        viewedAt: string | null;
                        paidAt: string | null;
                        depositPaidAt: string | null;
                        balanceRequestedAt: string | null;
                        acceptedAt: string | null;
                        declineReason: string;
                        acceptanceNote: string;
                        currency: string;
                        intakeQuestions: {
                            id: string;
                            /** @enum {string} */
                            kind: "short-text" | "long-text" | "single-choice" | "multiple-choice" | "yes-no" | "date" | "link" | "file";
                            label: string;
                            help: string;
                            required: boolean;
                            options: string[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postQuotesByIdSend: {
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
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
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
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getDiscountCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        code: string;
                        /** @enum {string} */
                        kind: "percent" | "amount";
                        percent: number | null;
                        amountCents: number | null;
                        serviceIds: string[];
                        /** @enum {string} */
                        duration: "first_payment" | "every_renewal";
                        startsOn: string;
                        endsOn: string | null;
                        maxUses: number | null;
                        maxUsesPerCustomer: number | null;
                        minimumOrderCents: number | null;
                        active: boolean;
                        uses: number;
                        discountGivenCents: number;
                        createdAt: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postDiscountCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    /** @enum {string} */
                    kind: "percent" | "amount";
                    /** @default null */
                    percent?: number | null;
                    amount?: (number | null) | (string | null);
                    /** @default [] */
                    serviceIds?: string[];
                    /**
                     * @default first_payment
                     * @enum {string}
                     */
                    duration?: "first_payment" | "every_renewal";
                    startsOn: string;
                    /** @default null */
                    endsOn?: string | null;
                    /** @default null */
                    maxUses?: number | null;
                    /** @default null */
                    maxUsesPerCustomer?: number | null;
                    minimumOrder?: (number | null) | (string | null);
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        code: string;
                        /** @enum {string} */
                        kind: "percent" | "amount";
                        percent: number | null;
                        amountCents: number | null;
                        serviceIds: string[];
                        /** @enum {string} */
                        duration: "first_payment" | "every_renewal";
                        startsOn: string;
                        endsOn: string | null;
                        maxUses: number | null;
                        maxUsesPerCustomer: number | null;
                        minimumOrderCents: number | null;
                        active: boolean;
                        uses: number;
                        discountGivenCents: number;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putDiscountCodesById: {
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
                    code: string;
                    /** @enum {string} */
                    kind: "percent" | "amount";
                    /** @default null */
                    percent?: number | null;
                    amount?: (number | null) | (string | null);
                    /** @default [] */
                    serviceIds?: string[];
                    /**
                     * @default first_payment
                     * @enum {string}
                     */
                    duration?: "first_payment" | "every_renewal";
                    startsOn: string;
                    /** @default null */
                    endsOn?: string | null;
                    /** @default null */
                    maxUses?: number | null;
                    /** @default null */
                    maxUsesPerCustomer?: number | null;
                    minimumOrder?: (number | null) | (string | null);
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        code: string;
                        /** @enum {string} */
                        kind: "percent" | "amount";
                        percent: number | null;
                        amountCents: number | null;
                        serviceIds: string[];
                        /** @enum {string} */
                        duration: "first_payment" | "every_renewal";
                        startsOn: string;
                        endsOn: string | null;
                        maxUses: number | null;
                        maxUsesPerCustomer: number | null;
                        minimumOrderCents: number | null;
                        active: boolean;
                        uses: number;
                        discountGivenCents: number;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postDiscountCodesCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    serviceId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        discount: {
                            /** @enum {string} */
                            kind: "percent" | "amount";
                            percent: number;
                            amountCents: number;
                            /** @enum {string} */
                            duration: "first_payment" | "every_renewal";
                        };
                        minimumOrderCents: number | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getReportsRevenue: {
        parameters: {
            query?: {
                granularity?: "day" | "week" | "month";
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeZone: string;
                        /** @enum {string} */
                        granularity: "day" | "week" | "month";
                        from: string;
                        to: string;
                        series: {
                            period: string;
                            salesCents: number;
                            gstCents: number;
                            orders: number;
                        }[];
                        byService: {
                            service: string;
                            salesCents: number;
                            orders: number;
                        }[];
                        discountsGivenCents: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getReportsGst: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeZone: string;
                        quarters: {
                            label: string;
                            from: string;
                            salesCents: number;
                            gstCents: number;
                            refundedCents: number;
                            gstOnSalesCents: number;
                            gstAdjustmentsCents: number;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getReportsRecurring: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeZone: string;
                        monthly: {
                            cents: number;
                            gstCents: number;
                            plans: number;
                            pastDue: number;
                            paused: {
                                plans: number;
                                cents: number;
                            };
                        };
                        movements: {
                            since: string;
                            openingCents: number;
                            closingCents: number;
                            items: {
                                /** @enum {string} */
                                kind: "new" | "expansion" | "contraction" | "churned" | "paused" | "resumed";
                                label: string;
                                plans: number;
                                cents: number;
                                gstCents: number;
                            }[];
                        };
                        renewals: {
                            days: number;
                            count: number;
                            totalCents: number;
                            items: {
                                projectId: string;
                                orderNumber: number;
                                client: string;
                                serviceTitle: string;
                                packageTitle: string;
                                at: string;
                                amountCents: number;
                            }[];
                        };
                        outstanding: {
                            totalCents: number;
                            count: number;
                            buckets: {
                                label: string;
                                cents: number;
                                count: number;
                            }[];
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getReportsSalesCsv: {
        parameters: {
            query?: {
                search?: string;
                company?: string;
                service?: string;
                status?: string;
                teamMember?: string;
                dateRange?: "today" | "yesterday" | "last7days" | "last30days" | "last90days" | "last365days";
                type?: "Project" | "CustomQuote";
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        url: string;
                        description: string;
                        events: string[];
                        disabledAt: string | null;
                        disabledReason: string;
                        createdAt: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postWebhooks: {
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
                    /** @default  */
                    description?: string;
                    events: ("order.paid" | "order.refunded" | "quote.paid" | "subscription.renewed" | "subscription.payment_failed" | "subscription.canceled" | "subscription.changed" | "subscription.paused" | "subscription.resumed" | "project.status_changed" | "project.assigned" | "message.created" | "deliverable.approved" | "deliverable.changes_requested" | "brief.submitted" | "customer.created" | "invoice.sent" | "invoice.paid" | "invoice.overdue" | "request.created" | "request.status_changed")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        url: string;
                        description: string;
                        events: string[];
                        disabledAt: string | null;
                        disabledReason: string;
                        createdAt: string;
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putWebhooksById: {
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
                    url: string;
                    /** @default  */
                    description?: string;
                    events: ("order.paid" | "order.refunded" | "quote.paid" | "subscription.renewed" | "subscription.payment_failed" | "subscription.canceled" | "subscription.changed" | "subscription.paused" | "subscription.resumed" | "project.status_changed" | "project.assigned" | "message.created" | "deliverable.approved" | "deliverable.changes_requested" | "brief.submitted" | "customer.created" | "invoice.sent" | "invoice.paid" | "invoice.overdue" | "request.created" | "request.status_changed")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        url: string;
                        description: string;
                        events: string[];
                        disabledAt: string | null;
                        disabledReason: string;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    deleteWebhooksById: {
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
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postWebhooksByIdSecret: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        url: string;
                        description: string;
                        events: string[];
                        disabledAt: string | null;
                        disabledReason: string;
                        createdAt: string;
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    putWebhooksByIdEnabled: {
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
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        url: string;
                        description: string;
                        events: string[];
                        disabledAt: string | null;
                        disabledReason: string;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getWebhooksByIdDeliveries: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        messageId: string;
                        eventType: string;
                        /** @enum {string} */
                        status: "pending" | "succeeded" | "failed";
                        attempts: number;
                        lastStatusCode: number | null;
                        lastError: string;
                        lastAttemptAt: string | null;
                        createdAt: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postWebhooksDeliveriesByIdResend: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        messageId: string;
                        eventType: string;
                        /** @enum {string} */
                        status: "pending" | "succeeded" | "failed";
                        attempts: number;
                        lastStatusCode: number | null;
                        lastError: string;
                        lastAttemptAt: string | null;
                        createdAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getEmailPreviews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            kind: string;
                            title: string;
                            sentWhen: string;
                            subject: string;
                            text: string;
                            html: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getUsersApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        prefix: string;
                        permissions: string[];
                        createdBy: {
                            _id: string;
                            name: string;
                        };
                        createdAt: string;
                        expiresAt: string | null;
                        lastUsedAt: string | null;
                        revokedAt: string | null;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postUsersApiKeys: {
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
                    permissions: ("overview:read" | "catalogue:manage" | "customers:manage" | "sales:manage" | "payments:refund" | "quotes:manage" | "invoices:manage" | "site-users:manage" | "super-admins:manage" | "reporting:read" | "audit:read" | "two-factor:manage" | "webhooks:manage" | "settings:manage")[];
                    /** @default null */
                    expiresOn?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        prefix: string;
                        permissions: string[];
                        createdBy: {
                            _id: string;
                            name: string;
                        };
                        createdAt: string;
                        expiresAt: string | null;
                        lastUsedAt: string | null;
                        revokedAt: string | null;
                        key: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postUsersApiKeysByIdRevoke: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        prefix: string;
                        permissions: string[];
                        createdBy: {
                            _id: string;
                            name: string;
                        };
                        createdAt: string;
                        expiresAt: string | null;
                        lastUsedAt: string | null;
                        revokedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        prefix: string;
                        permissions: string[];
                        createdBy: {
                            _id: string;
                            name: string;
                        };
                        createdAt: string;
                        expiresAt: string | null;
                        lastUsedAt: string | null;
                        revokedAt: string | null;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postApiKeysByIdRevoke: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                        prefix: string;
                        permissions: string[];
                        createdBy: {
                            _id: string;
                            name: string;
                        };
                        createdAt: string;
                        expiresAt: string | null;
                        lastUsedAt: string | null;
                        revokedAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAudit: {
        parameters: {
            query?: {
                person?: string;
                kind?: "sign-ins" | "roles" | "prices" | "subscriptions" | "deletions" | "assignments" | "statuses" | "customers" | "quotes" | "other";
                from?: string;
                to?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            _id: string;
                            actorId: string | null;
                            actorName: string;
                            action: string;
                            /** @enum {string} */
                            kind: "sign-ins" | "roles" | "prices" | "subscriptions" | "deletions" | "assignments" | "statuses" | "customers" | "quotes" | "other";
                            summary: string;
                            before: string | null;
                            after: string | null;
                            ip: string;
                            apiKey: {
                                _id: string;
                                name: string;
                            } | null;
                            createdAt: string;
                            link: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAuditPeople: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _id: string;
                        name: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getAuditCsv: {
        parameters: {
            query?: {
                person?: string;
                kind?: "sign-ins" | "roles" | "prices" | "subscriptions" | "deletions" | "assignments" | "statuses" | "customers" | "quotes" | "other";
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getNotificationsUnsubscribe: {
        parameters: {
            query: {
                u: string;
                s: string;
                t: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postNotificationsUnsubscribe: {
        parameters: {
            query: {
                u: string;
                s: string;
                t: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    postInboundMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        accepted: true;
                    };
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        accepted: false;
                        message: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        accepted: false;
                        message: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        accepted: false;
                        message: string;
                    };
                };
            };
            default: components["responses"]["UnexpectedError"];
        };
    };
}
