CREATE TABLE "alarm_conditions" (
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "alarm_conditions_device_id_kind_pk" PRIMARY KEY("device_id","kind")
);
